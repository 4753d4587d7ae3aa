import type { Db } from '../../db-types';

/**
 * Queues an ended replay again with its errored turns back to pending, in one transaction, if it
 * is still in `status` (compare-and-set). Returns how many turns were reopened; null when the
 * replay changed meanwhile.
 */
// across projects: the replay its caller found in its project (a retry).
export async function reopenReplay(db: Db, id: string, status: string): Promise<number | null> {
  return db.$transaction(async (tx) => {
    const taken = await tx.replay.updateMany({ where: { id, status }, data: { status: 'queued', error: null, finishedAt: null, workerId: null, leaseUntil: null } });
    if (taken.count !== 1) return null;
    const { count } = await tx.replayTurn.updateMany({ where: { replayId: id, status: 'error' }, data: { status: 'pending', error: null } });
    await tx.replay.update({ where: { id }, data: { errorItems: { decrement: count } } });
    return count;
  });
}
