import type { Db } from '../db-types';
import { notFound } from '../not-found';
import { runProgressSelect } from './list-run-progress';

export async function getRun(db: Db, id: string) {
  const run = await db.run.findUnique({
    where: { id },
    select: {
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
    },
  });
  if (!run) throw notFound('Run', id);
  return run;
}
