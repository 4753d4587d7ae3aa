import { describe, expect, it } from 'vitest';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { Conversation } from '../../domain/conversation';
import { assistant, user } from '../testing/conversations';
import { turnContextualRecall } from './descriptor';
import { TurnContextualRecallMetric } from './index';

const sentences = (text: string) => text.split(/(?<=\.)\s+/).map((s) => s.trim()).filter(Boolean);
// A sentence is attributable when a node contains it word for word.
const handlers: ScriptedHandlers = {
  'turn_contextual_recall.attribution': (input) => ({
    verdicts: sentences(input.expectedOutcome).map((sentence) => {
      const node = input.retrievalContext.findIndex((n) => n.includes(sentence)) + 1;
      return node >= 1
        ? { sentence, verdict: 'yes' as const, node, reason: `found in node ${node}` }
        : { sentence, verdict: 'no' as const, node: null, reason: 'no node holds it' };
    }),
  }),
  reason: (input) => ({ reason: `recall ${input.score}` }),
};

const conversation: Conversation = {
  expectedOutcome: 'We open at 9. We close at 5.',
  turns: [
    user('When do you open?'),
    assistant('At 9.', { retrievalContext: ['We open at 9.'] }),
    user('And close?'),
    assistant('At 5.', { retrievalContext: ['We close at 5.'] }),
    user('Thanks'),
    assistant('Bye.'),
  ],
};

describe('TurnContextualRecallMetric (deepeval TurnContextualRecallMetric)', () => {
  it('attributes the expected outcome to each window’s retrieval context and takes the mean', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualRecallMetric(judge, { windowSize: 1, includeReason: false }).measure(conversation);
    // Windows: [open] 1/2, [close] 1/2, [nothing retrieved] 1 by the reference rule → mean 2/3.
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([
      [2, 'no', 0.5],
      [4, 'no', 0.5],
      [6, 'yes', 1],
    ]);
    expect(result.score).toBeCloseTo(2 / 3);
    expect(judge.callsTo('turn_contextual_recall.attribution')).toHaveLength(2);
    expect(result.verdicts[0].reason).toContain('"We close at 5."');
  });

  it('lets a wider window recall what earlier turns retrieved, calling once per distinct context', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnContextualRecallMetric(judge, { windowSize: 3, includeReason: false }).measure(conversation);
    expect(result.verdicts.map((v) => v.score)).toEqual([0.5, 1, 1]);
    // Windows 2 and 3 hold the same two documents: one call.
    expect(judge.callsTo('turn_contextual_recall.attribution')).toHaveLength(2);
  });

  it('in strict mode binarises each window and not the mean', async () => {
    const result = await new TurnContextualRecallMetric(createScriptedJudge(handlers), { windowSize: 3, strictMode: true, includeReason: false }).measure(conversation);
    // deepeval: windows 0, 1, 1 → 0.67 (strict per window, _calculate_score the plain mean).
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result).toMatchObject({ success: false, threshold: 1 });
  });

  it('errors without an expected outcome, as the reference refuses the test case', async () => {
    const result = await new TurnContextualRecallMetric(createScriptedJudge({})).measure({ turns: conversation.turns });
    expect(result).toMatchObject({ score: null, success: false, error: expect.stringMatching(/expected_outcome/) });
  });

  it('scores 1 with no retrieval context anywhere, without a call (the reference’s empty case)', async () => {
    const judge = createScriptedJudge({});
    const result = await new TurnContextualRecallMetric(judge, { includeReason: false }).measure({
      expectedOutcome: 'We open at 9.',
      turns: [user('Hi'), assistant('Hello')],
    });
    expect(result).toMatchObject({ score: 1, success: true, error: null });
    expect(judge.calls).toHaveLength(0);
  });

  it('scores 0 a window whose retriever returned nothing ([] or blank nodes), with a reason that says so; applies to such a conversation', async () => {
    const judge = createScriptedJudge(handlers);
    const empty: Conversation = {
      expectedOutcome: 'We open at 9.',
      turns: [user('When do you open?'), assistant('At 9.', { retrievalContext: ['We open at 9.'] }), user('Thanks'), assistant('Bye.', { retrievalContext: [' '] })],
    };
    const result = await new TurnContextualRecallMetric(judge, { windowSize: 1, includeReason: false }).measure(empty);
    // Windows: [open] 1, [the retriever returned nothing] 0 → 0.5.
    expect(result).toMatchObject({ score: 0.5, error: null });
    expect(result.verdicts[1]).toMatchObject({ turn: 3, verdict: 'no', score: 0 });
    expect(result.verdicts[1].reason).toMatch(/the retriever returned nothing/i);
    expect(judge.calls).toHaveLength(1);
    expect(turnContextualRecall.applies({ expectedOutcome: 'x', turns: [user('q'), assistant('a', { retrievalContext: [] })] })).toBe(true);
    expect(turnContextualRecall.applies({ expectedOutcome: 'x', turns: [user('q'), assistant('a')] })).toBe(false);
  });

  it('refuses a conversation without turns', async () => {
    const result = await new TurnContextualRecallMetric(createScriptedJudge({})).measure({ expectedOutcome: 'x', turns: [] });
    expect(result).toMatchObject({ score: null, success: false });
  });
});
