import type { Db } from '../../db-types';

export interface ClaimRunOptions {
  workerId: string;
  leaseMs: number;
  /** Whether the worker that holds a run is gone (a process on this host that no longer exists). */
  isGone?: (workerId: string) => boolean;
  now?: Date;
}

export interface ClaimedRun {
  id: string;
  /** True when the run had been started before (by a worker that died or lost its lease). */
  resumed: boolean;
}

/**
 * Takes the oldest run no worker holds: a queued one, or a running one whose lease has
 * passed or whose worker is gone. The take is a compare-and-set on the previous holder and
 * lease, so two workers racing for the same run cannot both get it.
 */
// across projects: a worker's own run, handed to it by the queue.
export async function claimRun(db: Db, options: ClaimRunOptions): Promise<ClaimedRun | null> {
  const now = options.now ?? new Date();
  const candidates = await db.run.findMany({
    // An online rule's runs are scored by the online step alone (lib/online), a conversation at a time.
    where: { status: { in: ['queued', 'running'] }, dataset: { onlineRuleId: null } },
    orderBy: { createdAt: 'asc' },
    select: { id: true, status: true, workerId: true, leaseUntil: true, startedAt: true },
    take: 50,
  });
  for (const run of candidates) {
    const free =
      run.status === 'queued' ||
      run.workerId === null ||
      run.leaseUntil === null ||
      run.leaseUntil < now ||
      (options.isGone?.(run.workerId) ?? false);
    if (!free) continue;
    const taken = await db.run.updateMany({
      where: { id: run.id, status: run.status, workerId: run.workerId, leaseUntil: run.leaseUntil },
      data: {
        status: 'running',
        workerId: options.workerId,
        leaseUntil: new Date(now.getTime() + options.leaseMs),
        ...(run.startedAt ? {} : { startedAt: now }),
      },
    });
    if (taken.count === 1) return { id: run.id, resumed: run.status === 'running' };
  }
  return null;
}
