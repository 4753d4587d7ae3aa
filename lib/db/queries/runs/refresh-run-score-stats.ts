import type { Db } from '../db-types';
import { computeRunScoreStats } from './compute-run-score-stats';
import type { RunScoreStats } from './score-stats';

/** Computes the run's score distribution and stores it on the run (call it when a run ends). */
export async function refreshRunScoreStats(db: Db, runId: string): Promise<RunScoreStats> {
  const stats = await computeRunScoreStats(db, runId);
  await db.run.update({ where: { id: runId }, data: { scoreStats: stats as object }, select: { id: true } });
  return stats;
}
