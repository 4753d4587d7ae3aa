import type { Db } from '../db-types';
import { computeRunScoreStats } from './compute-run-score-stats';
import { refreshRunScoreStats } from './refresh-run-score-stats';
import { parseScoreStats, type RunScoreStats } from './score-stats';

const LIVE = new Set(['queued', 'running']);

/**
 * The run's score distribution: the stored one for a run that is over, as long as it counts
 * as many results as the run has done; computed from the results while the run is going
 * (they change); computed and stored when missing or stale (a run that ended before the
 * distribution was stored, or was resumed after it was).
 */
export async function getRunScoreStats(
  db: Db,
  run: { id: string; status: string; doneItems: number; scoreStats: unknown },
): Promise<RunScoreStats> {
  if (LIVE.has(run.status)) return computeRunScoreStats(db, run.id);
  const stored = parseScoreStats(run.scoreStats);
  const counted = stored?.metrics.reduce((n, m) => n + m.count, 0);
  return stored && counted === run.doneItems ? stored : refreshRunScoreStats(db, run.id);
}
