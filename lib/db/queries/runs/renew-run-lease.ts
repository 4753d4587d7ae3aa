import type { Db } from '../../db-types';

export type LeaseState = 'held' | 'cancelled' | 'lost';

/**
 * Extends a worker's lease on a running run. 'cancelled' when the run was cancelled,
 * 'lost' when another worker took it over or it ended: either way the worker must stop.
 */
// across projects: a worker's own run, handed to it by the queue.
export async function renewRunLease(db: Db, runId: string, workerId: string, leaseMs: number): Promise<LeaseState> {
  const renewed = await db.run.updateMany({
    where: { id: runId, workerId, status: 'running' },
    data: { leaseUntil: new Date(Date.now() + leaseMs) },
  });
  if (renewed.count === 1) return 'held';
  const run = await db.run.findUnique({ where: { id: runId }, select: { status: true } });
  return run?.status === 'cancelled' ? 'cancelled' : 'lost';
}
