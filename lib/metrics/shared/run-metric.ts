import type { StepContracts } from '../../judge/steps';
import type { Judge } from '../../judge/types';
import { AppError } from '../../errors';
import type { MetricName } from '../registry';
import type { NamedMetricResult } from '../../domain/metric-result';
import { createMetricContext, type MetricContext } from './context';
import type { SharedMetricOptions } from './options';
import { buildReasonPrompt } from './reason-prompt';
import { reasonSteps } from './reason-step';
import { runStep } from './run-step';
import { applyStrictMode, effectiveThreshold, isSuccess } from './threshold';
import { errorText } from './units';

/** What a metric's pipeline hands back once its verdicts are in. */
export interface PipelineOutcome {
  /** The unscaled 0..1 score, before strict mode. */
  score: number;
  /** Reasons of the verdicts that cost points. */
  failing: string[];
  /** Reasons of every verdict; empty when nothing was judged. */
  all: string[];
  /** Why nothing was judged, used as the reason when there are no verdicts. */
  emptyNote: string;
  /**
   * The score is a mean of units (windows, turns) that strict mode already binarised one by
   * one; the mean itself is not binarised again (deepeval's _calculate_score).
   */
  strictPerUnit?: boolean;
}

export interface RunMetricConfig {
  /** Turns the 0..1 score into the reported one (e.g. a scale); the threshold still applies to 0..1. */
  present?: (score: number) => number;
}

/**
 * Runs a metric pipeline and builds its result: strict mode, threshold, the reason step, and
 * on any failure a result with score null and the error text, keeping what was gathered.
 * Units the judge failed on carry 'error' verdicts and are left out of the score; when every
 * unit failed, the result errors with the first unit's error.
 */
export async function runMetric<N extends string = MetricName>(
  metric: N,
  judge: Judge,
  options: SharedMetricOptions,
  steps: StepContracts,
  pipeline: (ctx: MetricContext) => Promise<PipelineOutcome>,
  config: RunMetricConfig = {},
): Promise<NamedMetricResult<N>> {
  const ctx = createMetricContext(metric, judge, options, { ...steps, ...reasonSteps });
  const threshold = effectiveThreshold(options.threshold, options.strictMode);
  const base = { metric, threshold, strictMode: options.strictMode, steps: ctx.steps, calls: ctx.calls, usage: ctx.usage, warnings: ctx.warnings };
  const verdicts = () => [...ctx.verdicts].sort((a, b) => a.turn - b.turn);
  const failed = (error: string) => ({ ...base, score: null, success: false, reason: null, error, verdicts: verdicts() });

  try {
    const outcome = await pipeline(ctx);
    const errored = ctx.verdicts.filter((v) => v.verdict === 'error');
    if (errored.length > 0 && errored.length === ctx.verdicts.length) return failed(errored[0].reason);
    const unscaled = outcome.strictPerUnit ? outcome.score : applyStrictMode(outcome.score, options.strictMode);
    const present = config.present ?? ((s: number) => s);
    const score = present(unscaled);
    const success = isSuccess(unscaled, threshold);
    const reason = options.includeReason ? await explain(ctx, outcome, score, present(threshold)) : null;
    return { ...base, score, success, reason, error: null, verdicts: verdicts() };
  } catch (error) {
    return failed(errorText(error));
  }
}

async function explain(ctx: MetricContext, outcome: PipelineOutcome, score: number, threshold: number): Promise<string | null> {
  // Nothing was judged: the score is fixed by the empty-case rules, so no judge call.
  if (outcome.all.length === 0) return `${outcome.emptyNote} The score is ${score} by rule.`;
  const reasons = outcome.failing.length > 0 ? outcome.failing : outcome.all;
  try {
    const output = await runStep(ctx, {
      step: 'reason',
      input: { metric: ctx.metric, score, threshold, reasons },
      prompt: buildReasonPrompt,
    });
    return output.reason;
  } catch (error) {
    // The score stands without its explanation; the per-turn reasons are all stored.
    if (error instanceof AppError && error.code === 'BAD_INPUT') throw error;
    ctx.warnings.push(`The overall reason could not be written (${errorText(error)}).`);
    return null;
  }
}
