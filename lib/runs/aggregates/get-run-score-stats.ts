import type { Db } from '../../db/queries/db-types';
import { saveRunAggregates } from '../../db/queries/runs/save-run-aggregates';
import { computeRunScoreStats, parseScoreStats, type RunScoreStats } from './score-stats';
import { computeRunAggregates } from './compute-run-aggregates';
import { isLiveRun } from '../../domain/run-progress';


/**
 * The run's score distribution: the stored one for a run that is over, as long as it counts
 * as many results as the run has done; computed from the results while the run is going
 * (they change). A missing or stale one (a run that ended before the distribution was
 * stored, or was resumed after it was) is recomputed and stored with the summary, so the
 * two never disagree.
 */
export async function getRunScoreStats(
  db: Db,
  run: { id: string; status: string; doneItems: number; scoreStats: unknown },
): Promise<RunScoreStats> {
  if (isLiveRun(run.status)) return computeRunScoreStats(db, run.id);
  const stored = parseScoreStats(run.scoreStats);
  const counted = stored?.metrics.reduce((n, m) => n + m.count, 0);
  if (stored && counted === run.doneItems) return stored;
  const { summary, scoreStats } = await computeRunAggregates(db, run.id);
  await saveRunAggregates(db, run.id, { summary, scoreStats: scoreStats as object });
  return scoreStats;
}
