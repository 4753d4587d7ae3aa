import { describe, expect, it } from 'vitest';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import { assistant, user } from '../testing/conversations';
import type { Conversation } from '../../domain/conversation';
import { ConversationCompletenessMetric } from './index';
import { conversationCompletenessScore } from './score';

// A travel booking: three intentions raised on turns 1, 3 and 5; the refund asked on turn 3 is
// never handled, while the later ones are: the turn that costs points is not the last.
const travel: Conversation = {
  turns: [
    user('I need a flight from Dublin to Lisbon on 3 May.'),
    assistant('Booked: flight TP1327, Dublin to Lisbon, 3 May at 09:40.'),
    user('Also, I want a refund for my cancelled March trip, booking R-5512.'),
    assistant('Lisbon is lovely in May! Anything else for your trip?'),
    user('Yes, a hotel near the old town for two nights.'),
    assistant('Booked: Hotel Alfama, 3–5 May, two nights.'),
    user('Thanks, bye!'),
    assistant('Have a great trip!'),
  ],
};

// deepeval's own example (templates/generate_verdicts.txt): the user wants to tell the assistant something, last turn.
const playful: Conversation = {
  turns: [
    user('Hi!'),
    assistant('Hello! How may I help you?'),
    user("Nothing, I'm just playing with you."),
    assistant('Oh ok, in that case should you need anything just let me know!'),
    user('Actually, I have something I want to tell you'),
    assistant('Oh ok, should you need anything just let me know!'),
  ],
};

const INTENTIONS: [RegExp, string][] = [
  [/flight from Dublin/, 'User wants to book a flight from Dublin to Lisbon'],
  [/refund/, 'User wants a refund for a cancelled trip'],
  [/hotel/, 'User wants a hotel near the old town'],
  [/something I want to tell you/, 'User wants to tell the assistant something'],
];
const UNMET = [/refund/, /tell the assistant/];

const handlers: ScriptedHandlers = {
  'conversation_completeness.intentions': (input: StepInput<'conversation_completeness.intentions'>) => ({
    intentions: input.turns.flatMap((t) => (t.role === 'user' ? INTENTIONS.filter(([p]) => p.test(t.content)).map(([, intention]) => ({ intention, turn: t.turn })) : [])),
  }),
  'conversation_completeness.verdict': (input: StepInput<'conversation_completeness.verdict'>) =>
    UNMET.some((p) => p.test(input.intention)) ? { verdict: 'no' as const, reason: 'the assistant never handles it' } : { verdict: 'yes' as const, reason: 'done' },
  reason: (input) => ({ reason: input.reasons.join(' | ') }),
};

describe('ConversationCompletenessMetric', () => {
  it('scores the travel booking 2/3 with a "no" on turn 3, where the unmet refund was raised', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ConversationCompletenessMetric(judge).measure(travel);
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result.success).toBe(true);
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict])).toEqual([
      [1, 'yes'],
      [3, 'no'],
      [5, 'yes'],
    ]);
    expect(result.verdicts[1].reason).toContain('"User wants a refund for a cancelled trip" (raised on turn 3)');
    // deepeval's calls: one extraction, one verdict per intention, one reason.
    expect(judge.callsTo('conversation_completeness.intentions')).toHaveLength(1);
    expect(judge.callsTo('conversation_completeness.verdict').map((c) => c.intention)).toEqual(INTENTIONS.slice(0, 3).map(([, i]) => i));
    expect(judge.callsTo('conversation_completeness.verdict')[0].turns).toHaveLength(8);
    expect(result.usage.calls).toBe(1 + 3 + 1);
    expect(result.reason).toContain('Not met: "User wants a refund');
  });

  it("scores deepeval's example 0 with the one unmet intention on the last user turn", async () => {
    const result = await new ConversationCompletenessMetric(createScriptedJudge(handlers), { includeReason: false }).measure(playful);
    expect(result).toMatchObject({ score: 0, success: false });
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict])).toEqual([[5, 'no']]);
  });

  it('scores 1 with no verdicts when the user has no intention, and makes no call without a user turn', async () => {
    const none = createScriptedJudge({ 'conversation_completeness.intentions': () => ({ intentions: [] }) });
    const result = await new ConversationCompletenessMetric(none).measure({ turns: [user('Hi'), assistant('Hello')] });
    expect(result).toMatchObject({ score: 1, success: true, verdicts: [] });
    expect(none.calls).toHaveLength(1);
    const quiet = createScriptedJudge({});
    expect((await new ConversationCompletenessMetric(quiet).measure({ turns: [assistant('Welcome!')] })).score).toBe(1);
    expect(quiet.calls).toHaveLength(0);
  });

  it('applies strict mode as the reference: below the threshold 1 scores 0', async () => {
    const result = await new ConversationCompletenessMetric(createScriptedJudge(handlers), { strictMode: true, includeReason: false }).measure(travel);
    expect(result).toMatchObject({ score: 0, success: false, threshold: 1 });
  });

  it('leaves an intention the judge failed on out of the score, with a warning', async () => {
    const judge = createScriptedJudge({
      ...handlers,
      'conversation_completeness.verdict': (input) => {
        if (/hotel/.test(input.intention)) throw new Error('judge timed out');
        return handlers['conversation_completeness.verdict']!(input);
      },
    });
    const result = await new ConversationCompletenessMetric(judge, { includeReason: false }).measure(travel);
    expect(result.score).toBe(0.5);
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict])).toEqual([
      [1, 'yes'],
      [3, 'no'],
      [5, 'error'],
    ]);
    expect(result.warnings).toEqual([expect.stringContaining('judge timed out')]);
  });

  it('asks for the turn of each intention among the user turns only', async () => {
    const judge = createScriptedJudge({ ...handlers, 'conversation_completeness.intentions': () => ({ intentions: [{ intention: 'x', turn: 2 }] }) });
    const result = await new ConversationCompletenessMetric(judge).measure(travel);
    expect(result.error).toMatch(/conversation_completeness\.intentions/);
  });
});

describe('conversationCompletenessScore', () => {
  it('is satisfied ÷ intentions, 1 with none', () => {
    expect(conversationCompletenessScore([])).toBe(1);
    expect(conversationCompletenessScore(['yes', 'no', 'yes', 'yes'])).toBe(0.75);
  });
});
