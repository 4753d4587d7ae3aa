import type { Db } from '../../db-types';

/** Whether the run gave a verdict on this turn for this metric (only such a verdict can be reviewed). */
export async function hasTurnVerdict(db: Db, where: { runId: string; conversationId: string; turnIndex: number; metric: string }): Promise<boolean> {
  return (await db.turnVerdict.findFirst({ where, select: { id: true } })) !== null;
}
