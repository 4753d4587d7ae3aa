import { describe, expect, it } from 'vitest';
import { createScriptedJudge } from '../../judge/scripted-judge';
import { JudgeOutputError } from '../../judge/types';
import { sharedMetricOptionsSchema } from './options';
import { runMetric, type PipelineOutcome } from './run-metric';

const options = (extra: Record<string, unknown> = {}) => sharedMetricOptionsSchema.parse(extra);
const outcome = (score: number, judged = true): PipelineOutcome => ({
  score,
  failing: judged && score < 1 ? ['turn 3 forgot the name'] : [],
  all: judged ? ['turn 1 fine', 'turn 3 forgot the name'] : [],
  emptyNote: 'Nothing to judge.',
});
const reasonJudge = () => createScriptedJudge({ reason: (input) => ({ reason: `score ${input.score}: ${input.reasons.join('; ')}` }) });

describe('runMetric', () => {
  it('passes when the score reaches the threshold (a minimum) and fails below it', async () => {
    const judge = reasonJudge();
    const at = await runMetric('knowledge_retention', judge, options({ threshold: 0.5, includeReason: false }), {}, async () => outcome(0.5));
    const below = await runMetric('knowledge_retention', judge, options({ threshold: 0.5, includeReason: false }), {}, async () => outcome(0.49));
    expect(at).toMatchObject({ score: 0.5, success: true, threshold: 0.5, error: null, reason: null });
    expect(below).toMatchObject({ score: 0.49, success: false });
  });

  it('in strict mode sets the threshold to 1 and turns a score below 1 into 0', async () => {
    const judge = reasonJudge();
    const partial = await runMetric('knowledge_retention', judge, options({ strictMode: true, includeReason: false }), {}, async () => outcome(0.9));
    const perfect = await runMetric('knowledge_retention', judge, options({ strictMode: true, includeReason: false }), {}, async () => outcome(1));
    expect(partial).toMatchObject({ score: 0, success: false, threshold: 1, strictMode: true });
    expect(perfect).toMatchObject({ score: 1, success: true, threshold: 1 });
  });

  it('asks the judge for a reason from the failing verdict reasons', async () => {
    const judge = reasonJudge();
    const result = await runMetric('knowledge_retention', judge, options(), {}, async () => outcome(0.5));
    expect(result.reason).toBe('score 0.5: turn 3 forgot the name');
    expect(judge.callsTo('reason')).toEqual([{ metric: 'knowledge_retention', score: 0.5, threshold: 0.5, reasons: ['turn 3 forgot the name'] }]);
    expect(result.usage.calls).toBe(1);
  });

  it('gives all reasons when no verdict cost points', async () => {
    const judge = reasonJudge();
    await runMetric('knowledge_retention', judge, options(), {}, async () => outcome(1));
    expect(judge.callsTo('reason')[0].reasons).toEqual(['turn 1 fine', 'turn 3 forgot the name']);
  });

  it('makes no reason call when nothing was judged', async () => {
    const judge = createScriptedJudge({});
    const result = await runMetric('knowledge_retention', judge, options(), {}, async () => outcome(1, false));
    expect(judge.calls).toHaveLength(0);
    expect(result.reason).toContain('Nothing to judge.');
  });

  it('returns score null, success false and the error text when the judge throws, keeping what it had', async () => {
    const judge = createScriptedJudge({});
    const result = await runMetric('knowledge_retention', judge, options(), {}, async (ctx) => {
      ctx.steps.facts = [{ turn: 1, facts: [] }];
      ctx.verdicts.push({ turn: 2, verdict: 'yes', reason: 'kept' });
      throw new JudgeOutputError('reply did not match schema', '{}');
    });
    expect(result).toMatchObject({ score: null, success: false, reason: null });
    expect(result.error).toContain('reply did not match schema');
    expect(result.steps.facts).toEqual([{ turn: 1, facts: [] }]);
    expect(result.verdicts).toEqual([{ turn: 2, verdict: 'yes', reason: 'kept' }]);
  });

  it('reports the presented (scaled) score while the threshold applies to the 0..1 score', async () => {
    const judge = reasonJudge();
    const result = await runMetric('context_coverage', judge, options({ threshold: 0.7, includeReason: false }), {}, async () => outcome(2 / 3), {
      present: (s) => Math.round(s * 10000) / 100,
    });
    expect(result.score).toBe(66.67);
    expect(result.success).toBe(false);
  });
});
