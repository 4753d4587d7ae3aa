import type { Db } from '../../db-types';

/** A replay's status; null when there is no such replay. */
// across projects: a worker's own replay, handed to it by the queue.
export async function getReplayStatus(db: Db, id: string): Promise<string | null> {
  const row = await db.replay.findUnique({ where: { id }, select: { status: true } });
  return row?.status ?? null;
}

/** How many of a replay's turns are in one of these states ('pending', 'error', …). */
export async function countReplayTurns(db: Db, replayId: string, statuses: readonly string[]): Promise<number> {
  return db.replayTurn.count({ where: { replayId, status: { in: [...statuses] } } });
}

/** Asks a queued or running replay to stop; false when it had already ended. */
// across projects: the replay its caller found in its project.
export async function markReplayCancelled(db: Db, id: string): Promise<boolean> {
  const { count } = await db.replay.updateMany({ where: { id, status: { in: ['queued', 'running'] } }, data: { status: 'cancelled' } });
  return count === 1;
}
