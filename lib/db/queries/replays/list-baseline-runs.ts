import type { Db } from '../../db-types';

/** The ended runs of a dataset a replay can be compared with, newest first. */
export async function listBaselineRuns(db: Db, projectId: string, datasetId: string, take = 50) {
  return db.run.findMany({
    where: { projectId, datasetId, status: { in: ['completed', 'completed_with_errors'] } },
    orderBy: { createdAt: 'desc' },
    take,
    select: { id: true, modelVersion: true, createdAt: true, metricSettings: true, judgeKind: true, judgeModel: true },
  });
}
