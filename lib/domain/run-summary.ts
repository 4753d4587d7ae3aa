import { z } from 'zod';

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
