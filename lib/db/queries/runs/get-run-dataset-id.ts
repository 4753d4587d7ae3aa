import type { DbOrTx } from '../../db-types';
import { notFound } from '../../not-found';
import { byProject, type ProjectScope } from '../../project-scope';

/** The dataset a run scores; NOT_FOUND for an unknown run (or one of another project). */
export async function getRunDatasetId(db: DbOrTx, scope: ProjectScope, runId: string): Promise<string> {
  const run = await db.run.findUnique({ where: { id: runId, ...byProject(scope) }, select: { datasetId: true } });
  if (!run) throw notFound('Run', runId);
  return run.datasetId;
}
