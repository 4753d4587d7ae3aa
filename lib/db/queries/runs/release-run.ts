import type { Db } from '../../db-types';

/** Gives a run back (the worker is shutting down): the next worker to look takes it at once. */
export async function releaseRun(db: Db, runId: string, workerId: string): Promise<void> {
  await db.run.updateMany({ where: { id: runId, workerId, status: 'running' }, data: { workerId: null, leaseUntil: null } });
}
