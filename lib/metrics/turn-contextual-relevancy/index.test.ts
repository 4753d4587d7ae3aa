import { describe, expect, it } from 'vitest';
import { byItemNumber } from '../../judge/step-items';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import { referenceCallCount } from '../registry';
import type { Conversation } from '../../domain/conversation';
import { assistant, user } from '../testing/conversations';
import { turnContextualRelevancy } from './descriptor';
import { TurnContextualRelevancyMetric } from './index';

const sentences = (text: string) => text.split(/(?<=\.)\s+/).map((s) => s.trim()).filter(Boolean);
// Each sentence of a node is a statement, relevant when it holds a word of four letters or more the user wrote.
const handlers: ScriptedHandlers = {
  'turn_contextual_relevancy.statements': (input) => {
    const words = input.userMessages.toLowerCase().match(/[a-z]{4,}/g) ?? [];
    return {
      nodes: byItemNumber(
        input.retrievalContext.map((node) => ({
          statements: sentences(node).map((statement) =>
            words.some((w) => statement.toLowerCase().includes(w))
              ? { statement, verdict: 'yes' as const, reason: '' }
              : { statement, verdict: 'no' as const, reason: `"${statement}" is not what the user asked` },
          ),
        })),
      ),
    };
  },
  reason: (input) => ({ reason: `relevancy ${input.score}` }),
};

const OPEN = 'We open at 9. Parking is free.';
const CLOSE = 'We close at 5.';
// The turn that costs points is the first reply.
const early: Conversation = {
  turns: [
    user('When do you open?'),
    assistant('At 9.', { retrievalContext: [OPEN] }),
    user('When do you close?'),
    assistant('At 5.', { retrievalContext: [CLOSE] }),
    user('Thanks'),
    assistant('Bye.'),
  ],
};
const late: Conversation = {
  turns: [user('When do you close?'), assistant('At 5.', { retrievalContext: [CLOSE] }), user('And open?'), assistant('At 9.', { retrievalContext: [OPEN] })],
};

describe('TurnContextualRelevancyMetric (deepeval TurnContextualRelevancyMetric)', () => {
  it('scores each window’s relevant statements over its statements and takes the mean; the costly turn is the first', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualRelevancyMetric(judge, { windowSize: 1, includeReason: false }).measure(early);
    // deepeval: window 1 [yes, no] → 0.5; window 2 [yes] → 1; window 3 has no retrieval context → 1.
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([
      [2, 'no', 0.5],
      [4, 'yes', 1],
      [6, 'yes', 1],
    ]);
    expect(result.score).toBeCloseTo(2.5 / 3);
    expect(result.verdicts[0].reason).toContain('1 of 2 statements');
    expect(result.verdicts[0].reason).toContain('"Parking is free."');
    expect(judge.callsTo('turn_contextual_relevancy.statements')).toHaveLength(2);
  });

  it('judges a wider window’s nodes against all its user messages, one call per window where the reference makes one per node', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualRelevancyMetric(judge, { windowSize: 2, includeReason: false }).measure(early);
    // Window 2: [yes, no] + [yes] → 2/3; window 3 (exchanges 2–3): [yes] → 1.
    expect(result.verdicts.map((v) => v.score)).toEqual([0.5, expect.closeTo(2 / 3), 1]);
    expect(result.score).toBeCloseTo((0.5 + 2 / 3 + 1) / 3);
    const calls = judge.callsTo('turn_contextual_relevancy.statements');
    expect(calls.map((c) => c.userMessages)).toEqual(['When do you open?', 'When do you open?\nWhen do you close?', 'When do you close?\nThanks']);
    // deepeval: 1 + 2 + 1 node calls and a reason call per window.
    expect(referenceCallCount('turn_contextual_relevancy', early, { windowSize: 2, includeReason: false })).toBe(4);
  });

  it('pins the reference on a conversation whose last turn costs points', async () => {
    const result = await new TurnContextualRelevancyMetric(createScriptedJudge(handlers), { windowSize: 1, includeReason: false }).measure(late);
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([
      [2, 'yes', 1],
      [4, 'no', 0.5],
    ]);
    expect(result.score).toBeCloseTo(0.75);
  });

  it('counts the statements of a node retrieved twice in a window twice, as the reference does, judging it once', async () => {
    const judge = createScriptedJudge(handlers);
    const twice: Conversation = {
      turns: [user('When do you open?'), assistant('At 9.', { retrievalContext: [OPEN] }), user('When do you close?'), assistant('At 5.', { retrievalContext: [CLOSE, OPEN] })],
    };
    const result = await new TurnContextualRelevancyMetric(judge, { windowSize: 2, includeReason: false }).measure(twice);
    // Window 2 holds OPEN, CLOSE, OPEN: [yes, no] + [yes] + [yes, no] → 3/5.
    expect(result.verdicts[1].score).toBeCloseTo(3 / 5);
    expect(judge.callsTo('turn_contextual_relevancy.statements')[1].retrievalContext).toEqual([OPEN, CLOSE]);
  });

  it('in strict mode binarises each window and not the mean', async () => {
    const result = await new TurnContextualRelevancyMetric(createScriptedJudge(handlers), { windowSize: 1, strictMode: true, includeReason: false }).measure(early);
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result).toMatchObject({ success: false, threshold: 1 });
  });

  it('scores 0 a window whose retriever returned nothing, with a reason that says so', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualRelevancyMetric(judge, { windowSize: 1, includeReason: false }).measure({
      turns: [user('When do you close?'), assistant('At 5.', { retrievalContext: [CLOSE] }), user('Open?'), assistant('No idea.', { retrievalContext: [' '] })],
    });
    expect(result).toMatchObject({ score: 0.5, error: null });
    expect(result.verdicts[1]).toMatchObject({ turn: 3, verdict: 'no', score: 0 });
    expect(result.verdicts[1].reason).toMatch(/the retriever returned nothing/i);
    expect(judge.calls).toHaveLength(1);
  });

  it('counts a blank node as one irrelevant statement without asking the judge about it', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualRelevancyMetric(judge, { windowSize: 1, includeReason: false }).measure({
      turns: [user('When do you close?'), assistant('At 5.', { retrievalContext: [CLOSE, ''] })],
    });
    // The reference judges the blank node on its own and finds nothing relevant in it: [yes, no] → 0.5, not 1.
    expect(result.score).toBe(0.5);
    expect(result.verdicts[0]).toMatchObject({ verdict: 'no', score: 0.5 });
    expect(judge.callsTo('turn_contextual_relevancy.statements').map((c) => c.retrievalContext)).toEqual([[CLOSE]]);
  });

  it('applies only where an assistant turn carries a retrieval_context field; measured anyway, such a conversation gets the reference’s 1', async () => {
    expect(turnContextualRelevancy.applies(early)).toBe(true);
    expect(turnContextualRelevancy.applies({ turns: [user('q'), assistant('a', { retrievalContext: [] })] })).toBe(true);
    expect(turnContextualRelevancy.applies({ turns: [user('q'), assistant('a')] })).toBe(false);
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualRelevancyMetric(judge, { includeReason: false }).measure({ turns: [user('q'), assistant('a')] });
    expect(result.score).toBe(1);
    expect(judge.calls).toHaveLength(0);
  });
});
