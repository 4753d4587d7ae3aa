import type { Db } from '../../db-types';

/** The run a replay compares with: its dataset and what it was scored with; null when there is none. */
export async function getCompareWithRun(db: Db, id: string) {
  return db.run.findUnique({
    where: { id },
    select: { datasetId: true, metricSettings: true, judgeKind: true, judgeName: true, judgeModel: true, concurrency: true, samples: true },
  });
}
