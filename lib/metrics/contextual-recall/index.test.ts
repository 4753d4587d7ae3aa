import { describe, expect, it } from 'vitest';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import { assistant, user } from '../testing/conversations';
import { contextualRecall } from './descriptor';
import { ContextualRecallMetric } from './index';
import { contextualRecallScore, turnRecallScore } from './score';

// A sentence is attributable when some node contains it word for word.
const attribution = (input: StepInput<'contextual_recall.attribution'>) => ({
  verdicts: input.expectedOutput
    .split(/(?<=\.)\s+/)
    .filter(Boolean)
    .map((sentence) => {
      const node = input.retrievalContext.findIndex((n) => n.includes(sentence)) + 1;
      return node >= 1
        ? { sentence, verdict: 'yes' as const, node, reason: `found in node ${node}` }
        : { sentence, verdict: 'no' as const, node: null, reason: 'no node mentions it' };
    }),
});
const handlers: ScriptedHandlers = {
  'contextual_recall.attribution': attribution,
  reason: (input) => ({ reason: input.reasons.join(' | ') }),
};

describe('ContextualRecallMetric', () => {
  it('scores a single case as attributable sentences / sentences', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ContextualRecallMetric(judge).measureCase({
      input: 'What are the opening hours?',
      actualOutput: 'We open at 9.',
      expectedOutput: 'We open at 9. We close at 5. We are closed on Sundays.',
      retrievalContext: ['We open at 9. We close at 5.', 'Parking is free.'],
    });
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result.success).toBe(true);
    expect(result.verdicts).toMatchObject([{ turn: 1, verdict: 'no', score: 2 / 3 }]);
    expect(result.verdicts[0].reason).toContain('"We are closed on Sundays."');
    expect(result.reason).toBe('"We are closed on Sundays." (no): no node mentions it');
    expect(judge.calls.map((c) => c.step)).toEqual(['contextual_recall.attribution', 'reason']);
  });

  it('averages the turns that have both an expected output and retrieval context, each keeping its verdicts', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ContextualRecallMetric(judge, { includeReason: false }).measure({
      turns: [
        user('Hours?'),
        assistant('9 to 5.', { expectedOutput: 'We open at 9. We close at 5.', retrievalContext: ['We open at 9.'] }),
        user('Parking?'),
        assistant('Free.', { expectedOutput: 'Parking is free.' }),
        user('Sundays?'),
        assistant('Closed.', { retrievalContext: ['Closed on Sundays.'] }),
        user('Address?'),
        assistant('Main Street 1.', { expectedOutput: 'We are at Main Street 1.', retrievalContext: ['We are at Main Street 1.'] }),
      ],
    });
    expect(judge.callsTo('contextual_recall.attribution')).toHaveLength(2);
    expect(result.verdicts.map((v) => [v.turn, v.verdict, v.score])).toEqual([
      [1, 'no', 0.5],
      [7, 'yes', 1],
    ]);
    expect(result.score).toBeCloseTo(0.75);
    const steps = result.steps.sentences as { turn: number; sentences: { node: number | null }[] }[];
    expect(steps[0].sentences.map((s) => s.node)).toEqual([1, null]);
  });

  it('scores 0 with no scorable turn and makes no judge call', async () => {
    const judge = createScriptedJudge({});
    const result = await new ContextualRecallMetric(judge).measure({
      turns: [user('Hi'), assistant('Hello', { expectedOutput: '  ', retrievalContext: ['doc'] }), user('?'), assistant('!', { expectedOutput: 'x' })],
    });
    expect(result).toMatchObject({ score: 0, success: false, verdicts: [], error: null });
    expect(result.reason).toContain('nothing to recall');
    expect(judge.calls).toHaveLength(0);
  });

  it('scores a turn whose retriever found nothing 0, "the retriever returned nothing", without a judge call', async () => {
    // deepeval: retrieval_context=[] with an expected output scores 0 (fail); ours used to leave the turn out.
    const judge = createScriptedJudge({});
    const result = await new ContextualRecallMetric(judge, { includeReason: false }).measure({
      turns: [user('When do you open?'), assistant('At 9.', { expectedOutput: 'We open at 9.', retrievalContext: [] })],
    });
    expect(result).toMatchObject({ score: 0, success: false, error: null });
    expect(result.verdicts).toEqual([expect.objectContaining({ turn: 1, verdict: 'no', score: 0 })]);
    expect(result.verdicts[0].reason).toMatch(/the retriever returned nothing/i);
    expect(judge.calls).toHaveLength(0);
  });

  it('reads a retrieval context of blank nodes as nothing retrieved, and a missing one as not applicable', async () => {
    const judge = createScriptedJudge({});
    const blank = await new ContextualRecallMetric(judge, { includeReason: false }).measure({
      turns: [user('When do you open?'), assistant('At 9.', { expectedOutput: 'We open at 9.', retrievalContext: ['', '  '] })],
    });
    expect(blank).toMatchObject({ score: 0, success: false, error: null });
    expect(blank.verdicts[0].reason).toMatch(/the retriever returned nothing/i);
    expect(contextualRecall.applies({ turns: [user('q'), assistant('a', { expectedOutput: 'x', retrievalContext: [] })] })).toBe(true);
    expect(contextualRecall.applies({ turns: [user('q'), assistant('a', { expectedOutput: 'x' })] })).toBe(false);
    expect(judge.calls).toHaveLength(0);
  });

  it('rejects a reply that attributes a sentence to a node that does not exist', async () => {
    const judge = createScriptedJudge({
      'contextual_recall.attribution': () => ({ verdicts: [{ sentence: 'We open at 9.', verdict: 'yes', node: 4, reason: 'node 4' }] }),
    });
    const result = await new ContextualRecallMetric(judge).measureCase({
      input: 'q',
      actualOutput: 'a',
      expectedOutput: 'We open at 9.',
      retrievalContext: ['We open at 9.'],
    });
    expect(result).toMatchObject({ score: null, success: false });
    expect(result.error).toMatch(/"node"\s+\]/);
  });

  it('applies threshold and strict mode', async () => {
    const testCase = { input: 'q', actualOutput: 'a', expectedOutput: 'A. B.', retrievalContext: ['A.'] };
    const high = await new ContextualRecallMetric(createScriptedJudge(handlers), { threshold: 0.6, includeReason: false }).measureCase(testCase);
    const strict = await new ContextualRecallMetric(createScriptedJudge(handlers), { strictMode: true, includeReason: false }).measureCase(testCase);
    expect(high).toMatchObject({ score: 0.5, success: false });
    expect(strict).toMatchObject({ score: 0, success: false, threshold: 1 });
  });
});

describe('contextual recall scores', () => {
  it('turn score is yes / verdicts, 0 with none; conversation score is the mean, 0 with none', () => {
    expect(turnRecallScore(['yes', 'no', 'yes', 'yes'])).toBe(0.75);
    expect(turnRecallScore([])).toBe(0);
    expect(contextualRecallScore([1, 0.5])).toBe(0.75);
    expect(contextualRecallScore([])).toBe(0);
  });
});

describe('ContextualRecallMetric over a conversation in strict mode', () => {
  it('binarises each turn and takes the plain mean of the turns', async () => {
    const result = await new ContextualRecallMetric(createScriptedJudge(handlers), { strictMode: true, includeReason: false }).measure({
      turns: [
        user('Hours?'),
        assistant('9 to 5.', { expectedOutput: 'We open at 9. We close at 5.', retrievalContext: ['We open at 9.'] }),
        user('Sundays?'),
        assistant('Closed.', { expectedOutput: 'We are closed on Sundays.', retrievalContext: ['We are closed on Sundays.'] }),
      ],
    });
    // deepeval binarises each score in strict mode; the conversation mean of 0 and 1 is 0.5. Ours used to give 0.
    expect(result.verdicts.map((v) => v.score)).toEqual([0, 1]);
    expect(result.score).toBe(0.5);
    expect(result).toMatchObject({ success: false, threshold: 1 });
  });
});
