import type { Db } from '../../db-types';
import { notFound } from '../../not-found';
import { byProject, type ProjectScope } from '../../project-scope';
import { runProgressSelect } from './list-run-progress';

/** The columns of a run that getRun reads (and a list of runs reads per row, so both map alike). */
export const runSelect = {
  ...runProgressSelect,
  datasetId: true,
  dataset: { select: { name: true, conversationCount: true } },
  modelVersion: true,
  judgeKind: true,
  judgeName: true,
  judgeModel: true,
  metricSettings: true,
  concurrency: true,
  error: true,
  summary: true,
  scoreStats: true,
  createdById: true,
  origin: true,
  parameters: true,
} as const;

export type RunRow = NonNullable<Awaited<ReturnType<typeof getRun>>>;

/** A run of a project (ANY_PROJECT: a worker's own run); NOT_FOUND for an unknown one or one of another project. */
export async function getRun(db: Db, scope: ProjectScope, id: string) {
  const run = await db.run.findUnique({ where: { id, ...byProject(scope) }, select: runSelect });
  if (!run) throw notFound('Run', id);
  return run;
}
