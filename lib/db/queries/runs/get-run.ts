import type { Db } from '../../db-types';
import { notFound } from '../../not-found';
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

export async function getRun(db: Db, id: string) {
  const run = await db.run.findUnique({ where: { id }, select: runSelect });
  if (!run) throw notFound('Run', id);
  return run;
}
