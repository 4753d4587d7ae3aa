import type { MetricSummary, RunSummary } from '../../domain/run-summary';
import { sortMetricNames } from '../../metrics/registry';

/** A summary's metrics in the order metrics are listed everywhere else. */
export const summaryEntries = (summary: RunSummary): [string, MetricSummary][] =>
  sortMetricNames(Object.keys(summary)).map((name) => [name, summary[name]]);

export interface ResultOutcome {
  metric: string;
  score: number | null;
  success: boolean;
  error: string | null;
}

export function summarizeResults(rows: Iterable<ResultOutcome>): RunSummary {
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
