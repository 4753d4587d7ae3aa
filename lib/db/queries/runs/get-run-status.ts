import type { Db } from '../../db-types';
import { notFound } from '../../not-found';
import { byProject, type ProjectScope } from '../../project-scope';

/** A run's status and counters only: what a worker polls while it executes the run. */
export async function getRunStatus(db: Db, scope: ProjectScope, runId: string) {
  const run = await db.run.findUnique({
    where: { id: runId, ...byProject(scope) },
    select: { id: true, status: true, totalItems: true, doneItems: true, errorItems: true },
  });
  if (!run) throw notFound('Run', runId);
  return run;
}
