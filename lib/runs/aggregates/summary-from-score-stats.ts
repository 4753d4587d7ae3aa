import type { RunSummary } from '../../domain/run-summary';
import type { RunScoreStats } from './score-stats';

/**
 * The run's per-metric summary (Run.summary) from its score distribution, so both come from
 * one pass over the stored results. A result without a score is an errored one; mean and
 * pass rate are over the scored results, null when none was scored.
 */
export function summaryFromScoreStats(stats: RunScoreStats): RunSummary {
  return Object.fromEntries(
    stats.metrics.map((m) => {
      const scored = m.count - m.errors;
      return [m.metric, { mean: scored ? m.scoreSum / scored : null, passRate: scored ? m.passed / scored : null, count: m.count, errors: m.errors }];
    }),
  );
}
