import type { Db } from '../../db-types';

/** Gives a run back (the worker is shutting down): the next worker to look takes it at once. */
// across projects: a worker's own run, handed to it by the queue.
export async function releaseRun(db: Db, runId: string, workerId: string): Promise<void> {
  await db.run.updateMany({ where: { id: runId, workerId, status: 'running' }, data: { workerId: null, leaseUntil: null } });
}
