import type { Db } from '../../db/db-types';
import { countUndecidedTurns } from '../../db/queries/runs/count-undecided-turns';
import { countUnstableTurns } from '../../db/queries/runs/count-unstable-turns';
import { listFirstFailures } from '../../db/queries/runs/list-first-failures';
import { computeRunScoreStats, type RunScoreStats } from './score-stats';
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

/** A run's numbers, computed once from its stored results and turn verdicts (grouped passes over them). */
export async function computeRunAggregates(db: Db, runId: string): Promise<RunAggregates> {
  const [stats, firstFailures, undecided, unstable] = await Promise.all([
    computeRunScoreStats(db, runId),
    listFirstFailures(db, runId),
    countUndecidedTurns(db, runId),
    countUnstableTurns(db, runId),
  ]);
  const scoreStats: RunScoreStats = { ...stats, turns: { firstFailures, undecided, unstable } };
  return {
    summary: summaryFromScoreStats(scoreStats),
    scoreStats,
    errors: scoreStats.metrics.reduce((n, m) => n + m.errors, 0),
  };
}
