import type { Judge } from '../../judge/types';
import { createSelectedMetric, selectionApplies, type MetricSelection } from '../../metrics/selected-metric';
import type { Conversation } from '../../domain/conversation';
import type { MetricResult } from '../../domain/metric-result';
import { withSampling } from '../../judge/sampling';
import { combineSamples } from './combine-samples';

export interface EvaluationItem {
  /** Position of the conversation in the list it came from. */
  conversation: number;
  metric: string;
}

export interface EvaluateOptions {
  conversations: Conversation[];
  metrics: MetricSelection[];
  judge: Judge;
  /**
   * Judge requests in flight the caller asks for (the judge's own limit holds them to it): twice
   * as many items are scored at once, so that a request slot an item leaves while it works
   * between its calls (parsing, scoring, storing) is taken by another item's request.
   */
  concurrency: number;
  /** Items to leave out (already done, e.g. when a run resumes). */
  skip?: (item: EvaluationItem) => boolean;
  /** Called as soon as an item is done, before the next one is reported. */
  onResult?: (item: EvaluationItem, result: MetricResult) => void | Promise<void>;
  /** Items are not started once it is aborted; items already being scored finish. */
  signal?: AbortSignal;
  /** false: do not keep results for the return value, which is then [] (a caller that stores or reports each one in onResult). */
  retain?: boolean;
  /** Measure each item this many times (judge noise), at `temperature`; the result is their majority (combineSamples). */
  samples?: number;
  temperature?: number;
}

/** Default temperature of a judge asked several times: different enough answers to show its noise. */
export const SAMPLING_TEMPERATURE = 0.7;

/** Items scored at once per request in flight. */
const ITEMS_PER_REQUEST = 2;

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
 * unless retain is false. Items are taken in order, conversation by conversation, as earlier
 * ones finish; after an item fails (onResult threw) no new one starts.
 */
export async function evaluateConversations(opts: EvaluateOptions): Promise<(MetricResult | null)[][]> {
  const samples = Math.max(1, opts.samples ?? 1);
  const temperature = opts.temperature ?? SAMPLING_TEMPERATURE;
  const judges = samples === 1 ? [opts.judge] : Array.from({ length: samples }, (_, index) => withSampling(opts.judge, { index, temperature }));
  const sampled = judges.map((judge) => opts.metrics.map((m) => createSelectedMetric(m, judge)));
  const metrics = sampled[0];
  const out: (MetricResult | null)[][] = opts.retain === false ? [] : opts.conversations.map(() => metrics.map(() => null));
  function* pending(): Generator<{ ci: number; mi: number; item: EvaluationItem }> {
    for (let ci = 0; ci < opts.conversations.length; ci++) {
      for (let mi = 0; mi < metrics.length; mi++) {
        const item: EvaluationItem = { conversation: ci, metric: metrics[mi].name };
        if (selectionApplies(opts.metrics[mi], opts.conversations[ci]) && !opts.skip?.(item)) yield { ci, mi, item };
      }
    }
  }
  const queue = pending();
  let failed = false;
  async function worker(): Promise<void> {
    while (!failed && !opts.signal?.aborted) {
      const next = queue.next();
      if (next.done) return;
      const { ci, mi, item } = next.value;
      try {
        const results: MetricResult[] = [];
        for (const perSample of sampled) results.push(await perSample[mi].measure(opts.conversations[ci]));
        const result = combineSamples(results);
        if (opts.retain !== false) out[ci][mi] = result;
        await opts.onResult?.(item, result);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  const itemsAtOnce = Math.max(1, opts.concurrency) * ITEMS_PER_REQUEST;
  await Promise.all(Array.from({ length: itemsAtOnce }, worker));
  return out;
}
