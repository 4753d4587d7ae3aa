import { z } from 'zod';
import { METRIC_NAMES } from './metric-name';

/** A run's per-metric numbers as stored on the run (Run.summary). */
export interface MetricSummary {
  /** Mean score over the results that did not error; null when all errored. */
  mean: number | null;
  /** Share of results that passed their threshold, over the results that did not error. */
  passRate: number | null;
  count: number;
  errors: number;
}

export type RunSummary = Record<string, MetricSummary>;

const metricSummarySchema = z.object({
  mean: z.number().nullable(),
  passRate: z.number().nullable(),
  count: z.number(),
  errors: z.number(),
});

/** A run's stored summary, checked; an unreadable or missing one is empty. */
export function parseRunSummary(value: unknown): RunSummary {
  const parsed = z.record(z.string(), metricSummarySchema).safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** A summary's metrics in the order metrics are listed everywhere else. */
export function summaryEntries(summary: RunSummary): [string, MetricSummary][] {
  const rank = (m: string) => {
    const i = (METRIC_NAMES as readonly string[]).indexOf(m);
    return i === -1 ? METRIC_NAMES.length : i;
  };
  return Object.entries(summary).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}
