import { describe, expect, it } from 'vitest';
import { byItemNumber } from '../../judge/step-items';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import { referenceCallCount } from '../registry';
import type { Conversation } from '../../domain/conversation';
import { assistant, user } from '../testing/conversations';
import { turnContextualPrecision } from './descriptor';
import { TurnContextualPrecisionMetric, windowPrecisionScore } from './index';

// A node is useful when the expected outcome holds it word for word.
const handlers: ScriptedHandlers = {
  'turn_contextual_precision.verdicts': (input) => ({
    verdicts: byItemNumber(
      input.retrievalContext.map((node) =>
        input.expectedOutcome.includes(node) ? { verdict: 'yes' as const, reason: `states "${node}"` } : { verdict: 'no' as const, reason: 'not about opening hours' },
      ),
    ),
  }),
  reason: (input) => ({ reason: `precision ${input.score}` }),
};

const outcome = 'We open at 9. We close at 5.';
// The turn that costs points is the first reply: its retriever ranked an irrelevant node first.
const early: Conversation = {
  expectedOutcome: outcome,
  turns: [
    user('When do you open?'),
    assistant('At 9.', { retrievalContext: ['Parking is free.', 'We open at 9.'] }),
    user('And close?'),
    assistant('At 5.', { retrievalContext: ['We close at 5.'] }),
    user('Thanks'),
    assistant('Bye.'),
  ],
};
const late: Conversation = {
  expectedOutcome: outcome,
  turns: [user('Hours?'), assistant('Let me look.', { retrievalContext: ['We open at 9.'] }), user('Both?'), assistant('9 to 5.', { retrievalContext: ['We close at 5.', 'Parking is free.', 'We open at 9.'] })],
};

describe('TurnContextualPrecisionMetric (deepeval TurnContextualPrecisionMetric)', () => {
  it('weighs the precision of each window’s ranked nodes and takes the mean; the costly turn is the first', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualPrecisionMetric(judge, { windowSize: 1, includeReason: false }).measure(early);
    // deepeval: window 1 [no, yes] → (1/2)/1 = 0.5; window 2 [yes] → 1; window 3 has no retrieval context → 1; mean 2.5/3.
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([
      [2, 'no', 0.5],
      [4, 'yes', 1],
      [6, 'yes', 1],
    ]);
    expect(result.score).toBeCloseTo(2.5 / 3);
    expect(result.verdicts[0].reason).toContain('Irrelevant nodes are ranked above relevant ones');
    expect(result.verdicts[0].reason).toContain('"Parking is free."');
    expect(judge.callsTo('turn_contextual_precision.verdicts')).toHaveLength(2);
  });

  it('ranks the nodes of a wider window in turn order, shows the judge the window’s user messages, one call per window', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualPrecisionMetric(judge, { windowSize: 3, includeReason: false }).measure(early);
    // Window 2 and 3: [no, yes, yes] → (1/2 + 2/3)/2 = 7/12; mean (0.5 + 7/12 + 7/12)/3.
    expect(result.verdicts.map((v) => v.score)).toEqual([0.5, expect.closeTo(7 / 12), expect.closeTo(7 / 12)]);
    expect(result.score).toBeCloseTo((0.5 + 7 / 6) / 3);
    const calls = judge.callsTo('turn_contextual_precision.verdicts');
    // The reference calls once per window with retrieval context; windows 2 and 3 differ in their user messages.
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => c.userMessages)).toContain('When do you open?\nAnd close?');
    expect(referenceCallCount('turn_contextual_precision', early, { windowSize: 3, includeReason: false })).toBe(3);
  });

  it('pins the reference on a conversation whose last turn costs points', async () => {
    const result = await new TurnContextualPrecisionMetric(createScriptedJudge(handlers), { windowSize: 1, includeReason: false }).measure(late);
    // Window 2 [yes, no, yes] → (1 + 2/3)/2 = 5/6.
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([
      [2, 'yes', 1],
      [4, 'no', expect.closeTo(5 / 6)],
    ]);
    expect(result.score).toBeCloseTo((1 + 5 / 6) / 2);
  });

  it('keeps every rank of a node retrieved twice in a window but judges it once', async () => {
    const judge = createScriptedJudge(handlers);
    const twice: Conversation = {
      expectedOutcome: outcome,
      turns: [user('Open?'), assistant('9.', { retrievalContext: ['We open at 9.', 'Parking is free.'] }), user('Sure?'), assistant('Yes.', { retrievalContext: ['We open at 9.'] })],
    };
    const result = await new TurnContextualPrecisionMetric(judge, { windowSize: 2, includeReason: false }).measure(twice);
    // Window 2 ranks [yes, no, yes] as the reference extends the lists: (1 + 2/3)/2.
    expect(result.verdicts[1].score).toBeCloseTo(5 / 6);
    expect(judge.callsTo('turn_contextual_precision.verdicts').map((c) => c.retrievalContext)).toEqual([
      ['We open at 9.', 'Parking is free.'],
      ['We open at 9.', 'Parking is free.'],
    ]);
  });

  it('in strict mode binarises each window and not the mean', async () => {
    const result = await new TurnContextualPrecisionMetric(createScriptedJudge(handlers), { windowSize: 1, strictMode: true, includeReason: false }).measure(early);
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result).toMatchObject({ success: false, threshold: 1 });
  });

  it('scores 0 a window whose retriever returned nothing, with a reason that says so', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualPrecisionMetric(judge, { windowSize: 1, includeReason: false }).measure({
      expectedOutcome: outcome,
      turns: [user('Open?'), assistant('9.', { retrievalContext: ['We open at 9.'] }), user('Close?'), assistant('No idea.', { retrievalContext: [] })],
    });
    expect(result).toMatchObject({ score: 0.5, error: null });
    expect(result.verdicts[1]).toMatchObject({ turn: 3, verdict: 'no', score: 0 });
    expect(result.verdicts[1].reason).toMatch(/the retriever returned nothing/i);
    expect(judge.calls).toHaveLength(1);
  });

  it('ranks a blank node as an irrelevant one without asking the judge about it, as the reference ranks it', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualPrecisionMetric(judge, { windowSize: 1, includeReason: false }).measure({
      expectedOutcome: outcome,
      turns: [user('Open?'), assistant('9.', { retrievalContext: ['  ', 'We open at 9.'] })],
    });
    // deepeval ranks [blank: no, yes] → (1/2)/1 = 0.5; dropping the blank node would give 1.
    expect(result.score).toBe(0.5);
    expect(result.verdicts[0].reason).toContain('Node 1 (blank)');
    expect(judge.callsTo('turn_contextual_precision.verdicts').map((c) => c.retrievalContext)).toEqual([['We open at 9.']]);
  });

  it('errors without an expected outcome, and does not apply to such a conversation', async () => {
    const result = await new TurnContextualPrecisionMetric(createScriptedJudge({})).measure({ turns: early.turns });
    expect(result).toMatchObject({ score: null, success: false, error: expect.stringMatching(/expected_outcome/) });
    expect(turnContextualPrecision.applies({ turns: early.turns })).toBe(false);
    expect(turnContextualPrecision.applies(early)).toBe(true);
  });

  it('computes weighted precision as the reference does', () => {
    expect(windowPrecisionScore(['no', 'no'], false)).toBe(0);
    expect(windowPrecisionScore(['yes', 'yes', 'no'], false)).toBe(1);
    expect(windowPrecisionScore(['no', 'yes', 'no', 'yes'], false)).toBeCloseTo((1 / 2 + 2 / 4) / 2);
  });
});
