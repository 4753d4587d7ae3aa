import type { Db } from '../../db/db-types';
import { computeRunScoreStats, parseScoreStats, type RunScoreStats } from './score-stats';
import { isLiveRun } from '../../domain/run-progress';

/**
 * The run's score distribution: the one stored when it closed (lib/runs/lifecycle/close-run.ts),
 * as long as it counts as many results as the run has done; computed from the results while the
 * run is going (they change), or for a run that closed before the distribution was stored. A
 * page read never writes it.
 */
export async function getRunScoreStats(
  db: Db,
  run: { id: string; status: string; doneItems: number; scoreStats: unknown },
): Promise<RunScoreStats> {
  if (isLiveRun(run.status)) return computeRunScoreStats(db, run.id);
  const stored = parseScoreStats(run.scoreStats);
  const counted = stored?.metrics.reduce((n, m) => n + m.count, 0);
  if (stored && counted === run.doneItems) return stored;
  return computeRunScoreStats(db, run.id);
}
