import { byItemNumber } from '../../judge/step-items';
import { describe, expect, it } from 'vitest';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import { assistant, user } from '../testing/conversations';
import { ContextCoverageMetric } from './index';
import { contextCoverageScore, scaleCoverage, turnCoverageScore } from './score';

// An item is covered when the output mentions its text.
const coverage = (input: StepInput<'context_coverage.coverage'>) => ({
  verdicts: byItemNumber(
    input.context.map((item) =>
      input.output.toLowerCase().includes(item.toLowerCase())
        ? { verdict: 'yes' as const, reason: `mentions ${item}` }
        : { verdict: 'no' as const, reason: `does not mention ${item}` },
    ),
  ),
});
const handlers: ScriptedHandlers = { 'context_coverage.coverage': coverage, reason: (input) => ({ reason: `coverage ${input.score}` }) };
const security = ['encryption', 'two-factor authentication', 'audit logging', 'intrusion detection'];

describe('ContextCoverageMetric', () => {
  it('scores 50 on scale 100 when a response names 2 of 4 security measures', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ContextCoverageMetric(judge, { scale: 100, context: security }).measure(
      'What security measures does the platform use?',
      'The platform uses encryption at rest and two-factor authentication for every login.',
    );
    expect(result.score).toBe(50);
    expect(result.success).toBe(true);
    expect(result.verdicts).toMatchObject([{ turn: 1, verdict: 'no', score: 0.5 }]);
    expect(result.verdicts[0].reason).toContain('"audit logging"');
    expect(judge.callsTo('context_coverage.coverage')[0]).toMatchObject({ input: 'What security measures does the platform use?', context: security });
    expect(result.reason).toBe('coverage 50');
  });

  it('applies the threshold to the unscaled score', async () => {
    const result = await new ContextCoverageMetric(createScriptedJudge(handlers), { scale: 100, threshold: 0.6, context: security, includeReason: false }).measure(
      'q',
      'We use encryption and audit logging.',
    );
    expect(result).toMatchObject({ score: 50, success: false, threshold: 0.6 });
  });

  it('rounds the scaled mean to 2 decimals', async () => {
    const result = await new ContextCoverageMetric(createScriptedJudge(handlers), { context: ['a1', 'b2', 'c3'], includeReason: false }).measure('q', 'a1 only');
    expect(result.score).toBe(0.33);
  });

  it('averages the assistant turns that have context items; retrieval context is not a reference item', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ContextCoverageMetric(judge, { includeReason: false }).measure({
      turns: [
        user('Which plans?'),
        assistant('Basic and Pro.', { context: ['basic', 'pro', 'enterprise'], retrievalContext: ['ignored'] }),
        user('Price'),
        user('of Pro?'),
        assistant('Pro costs 20 dollars.', { context: ['20 dollars'] }),
        user('And Enterprise?'),
        assistant('Ask sales.', { retrievalContext: ['Enterprise is priced by sales'] }),
        user('Thanks'),
        assistant('You are welcome.'),
      ],
    });
    const calls = judge.callsTo('context_coverage.coverage');
    expect(calls.map((c) => c.context)).toEqual([['basic', 'pro', 'enterprise'], ['20 dollars']]);
    expect(calls[1].input).toBe('Price\nof Pro?');
    expect(result.verdicts.map((v) => [v.turn, v.verdict, v.score])).toEqual([
      [1, 'no', 2 / 3],
      [4, 'yes', 1],
    ]);
    expect(result.verdicts[0].reason).toContain('item 3 "enterprise"');
    expect(result.score).toBe(0.83);
    const steps = result.steps.items as { items: { item: string; verdict: string }[] }[];
    expect(steps[0].items.map((i) => i.verdict)).toEqual(['yes', 'yes', 'no']);
  });

  it('scores 0 without context or with an empty response, making no coverage call', async () => {
    const none = createScriptedJudge({});
    const noContext = await new ContextCoverageMetric(none).measure('q', 'an answer');
    expect(noContext).toMatchObject({ score: 0, success: false, error: null });
    expect(none.calls).toHaveLength(0);

    const judge = createScriptedJudge(handlers);
    const empty = await new ContextCoverageMetric(judge, { scale: 100, context: security, includeReason: false }).measure('q', '  ');
    expect(empty.score).toBe(0);
    expect(judge.callsTo('context_coverage.coverage')).toHaveLength(0);
  });

  it('in strict mode reports 0 for partial coverage and the full scale for complete coverage', async () => {
    const partial = await new ContextCoverageMetric(createScriptedJudge(handlers), { scale: 100, strictMode: true, context: security, includeReason: false }).measure(
      'q',
      'encryption',
    );
    const full = await new ContextCoverageMetric(createScriptedJudge(handlers), { scale: 100, strictMode: true, context: ['encryption'], includeReason: false }).measure(
      'q',
      'encryption',
    );
    expect(partial).toMatchObject({ score: 0, success: false });
    expect(full).toMatchObject({ score: 100, success: true });
  });

  it('errors when the judge skips an item', async () => {
    const judge = createScriptedJudge({ 'context_coverage.coverage': () => ({ verdicts: { '1': { verdict: 'yes', reason: 'ok' } } }) });
    const result = await new ContextCoverageMetric(judge, { context: security }).measure('q', 'encryption');
    expect(result).toMatchObject({ score: null, success: false });
    expect(result.error).toMatch(/"verdicts",\s+"2"/);
  });
});

describe('coverage scores', () => {
  it('turn score is covered / items, 0 with none; overall is the mean × scale rounded to 2 decimals', () => {
    expect(turnCoverageScore(['yes', 'no'])).toBe(0.5);
    expect(turnCoverageScore([])).toBe(0);
    expect(contextCoverageScore([])).toBe(0);
    expect(scaleCoverage(contextCoverageScore([1, 2 / 3]), 1)).toBe(0.83);
    expect(scaleCoverage(0.5, 100)).toBe(50);
  });
});

describe('ContextCoverageMetric: reference items', () => {
  it('judges the whole conversation once against its own context when no turn has items, the verdict on the last reply', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ContextCoverageMetric(judge, { includeReason: false }).measure({
      context: ['refund', 'thirty days'],
      turns: [user('Can I get a refund?'), assistant('Yes, a refund.'), user('How long?'), assistant('Within thirty days.', { retrievalContext: ['ignored'] })],
    });
    expect(judge.callsTo('context_coverage.coverage')).toEqual([
      { input: 'Can I get a refund?\nHow long?', output: 'Yes, a refund.\nWithin thirty days.', context: ['refund', 'thirty days'] },
    ]);
    expect(result.verdicts).toEqual([expect.objectContaining({ turn: 3, verdict: 'yes', score: 1 })]);
  });

  it('does not score retrieval context as reference items', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ContextCoverageMetric(judge, { includeReason: false }).measure({
      turns: [user('q'), assistant('a', { retrievalContext: ['a passage the retriever found'] })],
    });
    expect(judge.calls).toHaveLength(0);
    expect(result.verdicts).toEqual([]);
  });
});
