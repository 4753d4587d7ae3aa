import type { Db } from '../../db-types';

/** Whether the run of a project gave a verdict on this turn for this metric (only such a verdict can be reviewed). */
export async function hasTurnVerdict(db: Db, projectId: string, where: { runId: string; conversationId: string; turnIndex: number; metric: string }): Promise<boolean> {
  return (await db.turnVerdict.findFirst({ where: { ...where, run: { projectId } }, select: { id: true } })) !== null;
}
