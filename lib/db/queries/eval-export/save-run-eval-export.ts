import type { Db } from '../db-types';

/** Records how a run's export went (once per run; a second close writes it again). */
export async function saveRunEvalExport(db: Db, runId: string, outcome: { endpoint: string; events: number; skipped: number; error: string | null }): Promise<void> {
  const data = { ...outcome, exportedAt: new Date() };
  await db.runEvalExport.upsert({ where: { runId }, create: { runId, ...data }, update: data });
}
