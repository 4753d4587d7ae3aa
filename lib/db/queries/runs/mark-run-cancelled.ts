import type { Db } from '../../db-types';

/** Marks a queued or running run cancelled; false when it had already ended. */
// across projects: a worker's own run, handed to it by the queue.
export async function markRunCancelled(db: Db, runId: string): Promise<boolean> {
  const updated = await db.run.updateMany({
    where: { id: runId, status: { in: ['queued', 'running'] } },
    data: { status: 'cancelled', finishedAt: new Date(), leaseUntil: null },
  });
  return updated.count === 1;
}
