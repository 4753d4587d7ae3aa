import type { Db } from '../../db-types';

/** A queued run becomes running when its first chunk starts; false when it is no longer queued or running. */
// across projects: a worker's own run, handed to it by the queue.
export async function markRunStarted(db: Db, runId: string): Promise<boolean> {
  await db.run.updateMany({ where: { id: runId, status: 'queued' }, data: { status: 'running', startedAt: new Date() } });
  const run = await db.run.findUnique({ where: { id: runId }, select: { status: true } });
  return run?.status === 'running';
}
