import type { Db } from '../../db-types';

/** The run of a project a replay compares with: its dataset and what it was scored with; null when the project has none. */
export async function getCompareWithRun(db: Db, projectId: string, id: string) {
  return db.run.findUnique({
    where: { id, projectId },
    select: { datasetId: true, metricSettings: true, judgeKind: true, judgeName: true, judgeModel: true, concurrency: true, samples: true },
  });
}
