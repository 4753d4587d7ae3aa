import { describe, expect, it } from 'vitest';
import { createScriptedJudge } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import { assistant, user } from '../testing/conversations';
import type { Conversation } from '../../domain/conversation';
import { RoleAdherenceMetric } from './index';
import { roleAdherenceScore } from './score';

const WIZARD = "You are a wizard who has powerful spells but always doubts that their magic isn't perfect yet and is humble enough to downplay their own abilities.";

// deepeval's own example (role_adherence/templates/extract_out_of_character_response_verdicts.txt):
// the last reply, at index 5, breaks the humble wizard's character.
const wizard: Conversation = {
  chatbotRole: WIZARD,
  turns: [
    user('Hey there!'),
    assistant("Ah, greetings, traveler! You've come to see my magic, haven't you? Though, I must warn you, it's not all that great..."),
    user("Come on, show me what you've got!"),
    assistant("Alright, alright... *waves wand*... see that little spark? It's supposed to be a tiny dragon, but it's more like a dragonfly. I'm still working on it."),
    user('No, really, can you do something else?'),
    assistant("Ha! Watch this! I'm the greatest wizard ever! I'll make the entire town disappear in an instant!"),
  ],
};

// A support bot that breaks its role on turns 2 and 6 of 10, not the last.
const support: Conversation = {
  chatbotRole: 'You are a polite support agent for Acme routers. You only discuss Acme routers and never give legal or medical advice.',
  turns: [
    user('My router keeps dropping the connection.'),
    assistant('Honestly, whatever, just buy another brand.'),
    user('That is rude. Can you help?'),
    assistant('Sorry about that. Please restart the router and update its firmware from the Acme app.'),
    user('Done. Also, can I sue my landlord for the bad wiring?'),
    assistant('Yes, sue him: under tenancy law you will win easily.'),
    user('OK. What about the blinking light?'),
    assistant('A blinking orange light means the firmware update is still running; please wait five minutes.'),
    user('Thanks!'),
    assistant('You are welcome. Is there anything else about your Acme router?'),
  ],
};

const OUT_OF_CHARACTER = [/greatest wizard ever/, /buy another brand/, /sue him/];

// A careful judge: one verdict per assistant turn, "no" on the replies that break the role.
const verdicts = (input: StepInput<'role_adherence.verdicts'>) => ({
  verdicts: Object.fromEntries(
    input.turns
      .filter((t) => t.role === 'assistant')
      .map((t) => {
        const breaks = OUT_OF_CHARACTER.some((p) => p.test(t.content));
        return [String(t.turn), { verdict: breaks ? ('no' as const) : ('yes' as const), reason: breaks ? `turn ${t.turn} breaks the role` : 'stays in the role' }];
      }),
  ),
});
const handlers = { 'role_adherence.verdicts': verdicts, reason: (input: StepInput<'reason'>) => ({ reason: input.reasons.join('; ') }) };

describe('RoleAdherenceMetric', () => {
  it("scores deepeval's wizard example 2/3 with one call, the out-of-character turn 6 marked", async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new RoleAdherenceMetric(judge).measure(wizard);
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result.success).toBe(true);
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict])).toEqual([
      [2, 'yes'],
      [4, 'yes'],
      [6, 'no'],
    ]);
    expect(judge.callsTo('role_adherence.verdicts')).toHaveLength(1);
    expect(judge.callsTo('role_adherence.verdicts')[0]).toMatchObject({ chatbotRole: WIZARD, turns: expect.arrayContaining([{ turn: 6, role: 'assistant', content: expect.stringContaining('greatest') }]) });
    expect(result.reason).toBe('Turn 6: turn 6 breaks the role');
    expect(result.usage.calls).toBe(2);
  });

  it('marks the turns that cost points when they are not the last: 3 of 5 in role → 0.6, failing under 0.7', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new RoleAdherenceMetric(judge, { threshold: 0.7, includeReason: false }).measure(support);
    expect(result.score).toBeCloseTo(0.6);
    expect(result.success).toBe(false);
    expect(result.verdicts.filter((v) => v.verdict === 'no').map((v) => v.turn + 1)).toEqual([2, 6]);
    expect(result.verdicts).toHaveLength(5);
    expect(judge.calls).toHaveLength(1);
  });

  it('applies strict mode as the reference: below 1 scores 0', async () => {
    const result = await new RoleAdherenceMetric(createScriptedJudge(handlers), { strictMode: true, includeReason: false }).measure(wizard);
    expect(result).toMatchObject({ score: 0, success: false, threshold: 1 });
  });

  it('asks the judge for exactly one verdict per assistant turn: a reply missing one fails validation', async () => {
    const judge = createScriptedJudge({ 'role_adherence.verdicts': () => ({ verdicts: { '2': { verdict: 'yes', reason: '' } } }) });
    const result = await new RoleAdherenceMetric(judge, { includeReason: false }).measure(wizard);
    expect(result.score).toBeNull();
    expect(result.error).toMatch(/role_adherence\.verdicts/);
  });

  it('refuses a conversation without a chatbot role, naming the field', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new RoleAdherenceMetric(judge).measure({ turns: wizard.turns });
    expect(result).toMatchObject({ score: null, success: false, error: expect.stringContaining('chatbot_role') });
    expect(judge.calls).toHaveLength(0);
  });

  it('scores 1 without a call when no assistant turn answers', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new RoleAdherenceMetric(judge).measure({ chatbotRole: WIZARD, turns: [user('Hello?')] });
    expect(result).toMatchObject({ score: 1, success: true, verdicts: [] });
    expect(judge.calls).toHaveLength(0);
  });
});

describe('roleAdherenceScore', () => {
  it('is (assistant turns − out of character) ÷ assistant turns, 1 with none, never below 0', () => {
    expect(roleAdherenceScore(0, 0)).toBe(1);
    expect(roleAdherenceScore(4, 1)).toBe(0.75);
    expect(roleAdherenceScore(2, 5)).toBe(0);
  });
});
