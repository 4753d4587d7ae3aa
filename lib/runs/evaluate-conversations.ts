import pLimit from 'p-limit';
import type { Judge } from '../judge/types';
import { createSelectedMetric, selectionApplies, type MetricSelection } from '../metrics/selected-metric';
import type { Conversation, MetricResult } from '../metrics/types';

export type { MetricSelection } from '../metrics/selected-metric';

export interface EvaluationItem {
  /** Position of the conversation in the list it came from. */
  conversation: number;
  metric: string;
}

export interface EvaluateOptions {
  conversations: Conversation[];
  metrics: MetricSelection[];
  judge: Judge;
  /** Conversation×metric items scored at once; the judge limits requests in flight on its own. */
  concurrency: number;
  /** Items to leave out (already done, e.g. when a run resumes). */
  skip?: (item: EvaluationItem) => boolean;
  /** Called as soon as an item is done, before the next one is reported. */
  onResult?: (item: EvaluationItem, result: MetricResult) => void | Promise<void>;
  /** Items are not started once it is aborted; items already being scored finish. */
  signal?: AbortSignal;
  /** false: do not keep results for the return value (a caller that stores each one in onResult). */
  retain?: boolean;
}

/** The conversation×metric pairs a run scores: those where the conversation has the metric's data. */
export function countItems(conversations: Conversation[], metrics: MetricSelection[]): number {
  let n = 0;
  for (const c of conversations) for (const m of metrics) if (selectionApplies(m, c)) n++;
  return n;
}

/**
 * Scores every conversation with every selected metric that applies to it (a pair left
 * out stays null). Results are handed to onResult as
 * they finish (so a caller can persist each one at once) and also returned in order,
 * unless retain is false.
 */
export async function evaluateConversations(opts: EvaluateOptions): Promise<(MetricResult | null)[][]> {
  const metrics = opts.metrics.map((m) => createSelectedMetric(m, opts.judge));
  const limit = pLimit(Math.max(1, opts.concurrency));
  const out: (MetricResult | null)[][] = opts.conversations.map(() => metrics.map(() => null));
  const tasks: Promise<void>[] = [];
  opts.conversations.forEach((conversation, ci) => {
    metrics.forEach((metric, mi) => {
      const item: EvaluationItem = { conversation: ci, metric: metric.name };
      if (!selectionApplies(opts.metrics[mi], conversation) || opts.skip?.(item)) return;
      tasks.push(
        limit(async () => {
          if (opts.signal?.aborted) return;
          const result = await metric.measure(conversation);
          if (opts.retain !== false) out[ci][mi] = result;
          await opts.onResult?.(item, result);
        }),
      );
    });
  });
  await Promise.all(tasks);
  return out;
}
