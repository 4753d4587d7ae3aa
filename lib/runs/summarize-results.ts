import type { RunSummary } from '../domain/run-summary';

// The summary's shape and its reading live in lib/domain; re-exported for existing callers.
export { parseRunSummary, summaryEntries, type MetricSummary, type RunSummary } from '../domain/run-summary';

export interface ResultRow {
  metric: string;
  score: number | null;
  success: boolean;
  error: string | null;
}

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
