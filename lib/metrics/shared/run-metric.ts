import type { Judge } from '../../judge/types';
import type { MetricName, MetricResult } from '../types';
import { createMetricContext, type MetricContext } from './context';
import type { SharedMetricOptions } from './options';
import { buildReasonPrompt } from './reason-prompt';
import { runStep } from './run-step';
import { applyStrictMode, effectiveThreshold, isSuccess } from './threshold';

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
}

export interface RunMetricConfig {
  /** Turns the 0..1 score into the reported one (e.g. a scale); the threshold still applies to 0..1. */
  present?: (score: number) => number;
}

const errorText = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : `Error: ${String(error)}`;

/**
 * Runs a metric pipeline and builds its result: strict mode, threshold, the reason step, and
 * on any failure a result with score null and the error text, keeping what was gathered.
 */
export async function runMetric(
  metric: MetricName,
  judge: Judge,
  options: SharedMetricOptions,
  pipeline: (ctx: MetricContext) => Promise<PipelineOutcome>,
  config: RunMetricConfig = {},
): Promise<MetricResult> {
  const ctx = createMetricContext(metric, judge, options);
  const threshold = effectiveThreshold(options.threshold, options.strictMode);
  const base = { metric, threshold, strictMode: options.strictMode, steps: ctx.steps, calls: ctx.calls, usage: ctx.usage };
  const verdicts = () => [...ctx.verdicts].sort((a, b) => a.turn - b.turn);

  try {
    const outcome = await pipeline(ctx);
    const unscaled = applyStrictMode(outcome.score, options.strictMode);
    const present = config.present ?? ((s: number) => s);
    const score = present(unscaled);
    const success = isSuccess(unscaled, threshold);
    const reason = options.includeReason ? await explain(ctx, outcome, score, present(threshold)) : null;
    return { ...base, score, success, reason, error: null, verdicts: verdicts() };
  } catch (error) {
    return { ...base, score: null, success: false, reason: null, error: errorText(error), verdicts: verdicts() };
  }
}

async function explain(ctx: MetricContext, outcome: PipelineOutcome, score: number, threshold: number): Promise<string> {
  // Nothing was judged: the score is fixed by the empty-case rules, so no judge call.
  if (outcome.all.length === 0) return `${outcome.emptyNote} The score is ${score} by rule.`;
  const reasons = outcome.failing.length > 0 ? outcome.failing : outcome.all;
  const output = await runStep(ctx, {
    step: 'reason',
    input: { metric: ctx.metric, score, threshold, reasons },
    prompt: buildReasonPrompt,
  });
  return output.reason;
}
