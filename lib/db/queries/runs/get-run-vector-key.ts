import type { Db } from '../../db-types';

/** What a run's score vector is keyed on: its dataset, status and finish time; null for an unknown run. */
// across projects: a worker's own run, handed to it by the queue.
export async function getRunVectorKey(db: Db, runId: string) {
  return db.run.findUnique({ where: { id: runId }, select: { id: true, datasetId: true, status: true, finishedAt: true } });
}
