import type { Db } from '../../db-types';

export interface CloseGuard {
  /** Close the run only while it has one of these statuses (e.g. not once it was cancelled). */
  status?: string[];
  /** Close the run only while this worker holds it. */
  workerId?: string;
}

/**
 * Writes a run's final status and numbers, and its end time unless `keepFinishedAt` (a run closed
 * again keeps when it ended); with a guard, only while the run still matches it. True when it did.
 */
// across projects: a worker's own run, handed to it by the queue.
export async function markRunClosed(
  db: Db,
  runId: string,
  data: { status: string; summary: object; scoreStats: object; error: string | null },
  guard: CloseGuard = {},
  keepFinishedAt = false,
): Promise<boolean> {
  const updated = await db.run.updateMany({
    where: {
      id: runId,
      ...(guard.status ? { status: { in: guard.status } } : {}),
      ...(guard.workerId ? { workerId: guard.workerId } : {}),
    },
    data: { ...data, ...(keepFinishedAt ? {} : { finishedAt: new Date() }), leaseUntil: null },
  });
  return updated.count === 1;
}
