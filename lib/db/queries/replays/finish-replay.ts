import type { Db } from '../../db-types';

/**
 * Takes a running replay to "finishing" (compare-and-set: only one closer gets it), with this
 * worker's lease when given; false when it was not running (or not this worker's).
 */
// across projects: the replay its worker holds, or one its caller found in its project.
export async function markReplayFinishing(db: Db, id: string, guard: { workerId?: string; lease?: { workerId: string; leaseMs: number } }): Promise<boolean> {
  const { lease } = guard;
  const taken = await db.replay.updateMany({
    where: { id, status: 'running', ...(guard.workerId ? { workerId: guard.workerId } : {}) },
    data: { status: 'finishing', ...(lease ? { workerId: lease.workerId, leaseUntil: new Date(Date.now() + lease.leaseMs) } : {}) },
  });
  return taken.count === 1;
}

/** Writes a replay's end: its final status, the dataset and run it made, and why none was made. */
// across projects: the replay its worker holds, or one its caller found in its project.
export async function saveReplayEnd(db: Db, id: string, end: { status: string; error: string | null; datasetId?: string; runId?: string }): Promise<void> {
  await db.replay.update({
    where: { id },
    data: { status: end.status, finishedAt: new Date(), workerId: null, leaseUntil: null, error: end.error, ...(end.datasetId ? { datasetId: end.datasetId } : {}), ...(end.runId ? { runId: end.runId } : {}) },
  });
}

/** A replay scored again: the new run, its status as its turns ended, and no error (its ended time stays). */
// across projects: the replay its worker holds, or one its caller found in its project.
export async function saveReplayRescored(db: Db, id: string, end: { status: string; runId: string }): Promise<void> {
  await db.replay.update({ where: { id }, data: { status: end.status, runId: end.runId, error: null } });
}

/** A replay in one of `from` ends failed with the error (already redacted); false when it was in none of them. */
// across projects: the replay its worker holds, or one its caller found in its project.
export async function markReplayFailed(db: Db, id: string, error: string, from: readonly string[]): Promise<boolean> {
  const { count } = await db.replay.updateMany({ where: { id, status: { in: [...from] } }, data: { status: 'failed', error, finishedAt: new Date(), workerId: null, leaseUntil: null } });
  return count === 1;
}

/** A cancelled replay not yet closed gets its finish time, and no worker holds it. */
// across projects: a replay its caller found in its project, or its worker holds.
export async function stampCancelledReplay(db: Db, id: string): Promise<void> {
  await db.replay.updateMany({ where: { id, status: 'cancelled', finishedAt: null }, data: { finishedAt: new Date(), workerId: null, leaseUntil: null } });
}
