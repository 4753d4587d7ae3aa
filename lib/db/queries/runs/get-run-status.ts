import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

/** A run's status and counters only: what a worker polls while it executes the run. */
export async function getRunStatus(db: Db, runId: string) {
  const run = await db.run.findUnique({
    where: { id: runId },
    select: { id: true, status: true, totalItems: true, doneItems: true, errorItems: true },
  });
  if (!run) throw notFound('Run', runId);
  return run;
}
