import type { Db } from '../../db-types';

/**
 * Records how a run's export went (one row per run, written again at each close). `exportedAt` is
 * the time up to which the run's results have been sent: a failed export leaves it where it was, so
 * the next close of the run (an online rule's day closes after every pass) sends what is still owed.
 */
export async function saveRunEvalExport(db: Db, runId: string, outcome: { endpoint: string; events: number; skipped: number; error: string | null }, upTo: Date): Promise<void> {
  const update = { ...outcome, ...(outcome.error ? {} : { exportedAt: upTo }) };
  await db.runEvalExport.upsert({ where: { runId }, create: { runId, ...outcome, exportedAt: outcome.error ? new Date(0) : upTo }, update });
}

/** The time up to which a run's results were exported; null when none were. */
export async function runExportedUpTo(db: Db, runId: string): Promise<Date | null> {
  const row = await db.runEvalExport.findUnique({ where: { runId }, select: { exportedAt: true } });
  return row && row.exportedAt.getTime() > 0 ? row.exportedAt : null;
}
