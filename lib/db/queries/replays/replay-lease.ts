import type { Db } from '../../db-types';

export type ReplayLeaseState = 'held' | 'cancelled' | 'lost';

/**
 * Takes the oldest replay no worker holds (queued, or running or finishing with a passed lease
 * or a gone worker), as claimRun takes runs: a compare-and-set on the previous holder and lease.
 * A replay whose worker died while it made the dataset version is taken back as running, and
 * closed again by its new worker.
 */
// across projects: a worker's own replay, handed to it by the queue.
export async function claimReplay(
  db: Db,
  options: { workerId: string; leaseMs: number; isGone?: (workerId: string) => boolean; now?: Date },
): Promise<{ id: string; resumed: boolean } | null> {
  const now = options.now ?? new Date();
  const candidates = await db.replay.findMany({
    where: { status: { in: ['queued', 'running', 'finishing'] } },
    orderBy: { createdAt: 'asc' },
    select: { id: true, status: true, workerId: true, leaseUntil: true, startedAt: true },
    take: 50,
  });
  for (const replay of candidates) {
    const free =
      replay.status === 'queued' || replay.workerId === null || replay.leaseUntil === null || replay.leaseUntil < now || (options.isGone?.(replay.workerId) ?? false);
    if (!free) continue;
    const taken = await db.replay.updateMany({
      where: { id: replay.id, status: replay.status, workerId: replay.workerId, leaseUntil: replay.leaseUntil },
      data: { status: 'running', workerId: options.workerId, leaseUntil: new Date(now.getTime() + options.leaseMs), ...(replay.startedAt ? {} : { startedAt: now }) },
    });
    if (taken.count === 1) return { id: replay.id, resumed: replay.status !== 'queued' };
  }
  return null;
}

/** Extends a worker's lease (while it generates, and while it makes the dataset version); 'cancelled' or 'lost' tell it to stop. */
// across projects: a worker's own replay, handed to it by the queue.
export async function renewReplayLease(db: Db, id: string, workerId: string, leaseMs: number): Promise<ReplayLeaseState> {
  const renewed = await db.replay.updateMany({ where: { id, workerId, status: { in: ['running', 'finishing'] } }, data: { leaseUntil: new Date(Date.now() + leaseMs) } });
  if (renewed.count === 1) return 'held';
  const row = await db.replay.findUnique({ where: { id }, select: { status: true } });
  return row?.status === 'cancelled' ? 'cancelled' : 'lost';
}

/** Gives a replay back (the worker is shutting down): the next worker takes it at once. */
// across projects: a worker's own replay, handed to it by the queue.
export async function releaseReplay(db: Db, id: string, workerId: string): Promise<void> {
  await db.replay.updateMany({ where: { id, workerId, status: 'running' }, data: { workerId: null, leaseUntil: null } });
}

/** A queued replay becomes running when a pg-boss chunk starts it; false once it is no longer queued or running. */
// across projects: a worker's own replay, handed to it by the queue.
export async function markReplayStarted(db: Db, id: string): Promise<boolean> {
  await db.replay.updateMany({ where: { id, status: 'queued' }, data: { status: 'running', startedAt: new Date() } });
  const row = await db.replay.findUnique({ where: { id }, select: { status: true } });
  return row?.status === 'running';
}

/**
 * On PostgreSQL: takes back one replay left "finishing" by a worker that died while it made the
 * dataset version (its lease passed), as running under this worker with a new lease, so that it
 * is closed again. The claim is serialised between workers by an advisory lock and is a
 * compare-and-set on the previous holder and lease, so only one worker takes it.
 */
// across projects: the workers take every project's replays in one queue.
export async function claimStaleFinishingReplay(db: Db, options: { workerId: string; leaseMs: number; now?: Date }): Promise<string | null> {
  const now = options.now ?? new Date();
  return db.$transaction(async (tx) => {
    const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext('turnwise:replay-finishing-sweep')) AS locked`;
    if (!locked) return null;
    const stale = await tx.replay.findFirst({
      where: { status: 'finishing', OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
      orderBy: { createdAt: 'asc' },
      select: { id: true, workerId: true, leaseUntil: true },
    });
    if (!stale) return null;
    const taken = await tx.replay.updateMany({
      where: { id: stale.id, status: 'finishing', workerId: stale.workerId, leaseUntil: stale.leaseUntil },
      data: { status: 'running', workerId: options.workerId, leaseUntil: new Date(now.getTime() + options.leaseMs) },
    });
    return taken.count === 1 ? stale.id : null;
  });
}
