import { z } from 'zod';
import { METRIC_NAMES } from '../metrics/types';

export interface ResultRow {
  metric: string;
  score: number | null;
  success: boolean;
  error: string | null;
}

export interface MetricSummary {
  /** Mean score over the results that did not error; null when all errored. */
  mean: number | null;
  /** Share of results that passed their threshold, over the results that did not error. */
  passRate: number | null;
  count: number;
  errors: number;
}

export type RunSummary = Record<string, MetricSummary>;

export function summarizeResults(rows: Iterable<ResultRow>): RunSummary {
  const acc = new Map<string, { sum: number; scored: number; passed: number; count: number; errors: number }>();
  for (const r of rows) {
    const a = acc.get(r.metric) ?? { sum: 0, scored: 0, passed: 0, count: 0, errors: 0 };
    a.count += 1;
    if (r.error !== null || r.score === null) a.errors += 1;
    else {
      a.sum += r.score;
      a.scored += 1;
      if (r.success) a.passed += 1;
    }
    acc.set(r.metric, a);
  }
  return Object.fromEntries(
    [...acc].map(([metric, a]) => [
      metric,
      {
        mean: a.scored ? a.sum / a.scored : null,
        passRate: a.scored ? a.passed / a.scored : null,
        count: a.count,
        errors: a.errors,
      },
    ]),
  );
}

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
