import type { Db } from '../../db/queries/db-types';
import { computeRunScoreStats } from '../../db/queries/runs/compute-run-score-stats';
import type { RunScoreStats } from '../../db/queries/runs/score-stats';
import type { RunSummary } from '../../domain/run-summary';
import { summaryFromScoreStats } from './summary-from-score-stats';

export interface RunAggregates {
  /** Run.summary: mean, pass rate, count and errors per metric. */
  summary: RunSummary;
  /** Run.scoreStats: the run page's score distribution per metric. */
  scoreStats: RunScoreStats;
  /** Results that errored, over every metric. */
  errors: number;
}

/** A run's numbers, computed once from its stored results (one grouped pass over them). */
export async function computeRunAggregates(db: Db, runId: string): Promise<RunAggregates> {
  const scoreStats = await computeRunScoreStats(db, runId);
  return {
    summary: summaryFromScoreStats(scoreStats),
    scoreStats,
    errors: scoreStats.metrics.reduce((n, m) => n + m.errors, 0),
  };
}
