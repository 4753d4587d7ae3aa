import type { Db } from '../../db-types';

/** Runs of a dataset that a worker has yet to finish (queued or running). */
// across projects: the retention worker's (or the page's, found in its project first) own live dataset.
export function countUnfinishedRuns(db: Db, datasetId: string): Promise<number> {
  return db.run.count({ where: { datasetId, status: { in: ['queued', 'running'] } } });
}
