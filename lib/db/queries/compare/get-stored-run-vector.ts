import type { Db } from '../../db-types';

/** A run's stored score vector, whole (blobs included); null when none is stored. */
export async function getStoredRunVector(db: Db, runId: string) {
  return db.runScoreVector.findUnique({
    where: { runId },
    select: {
      runId: true,
      runFinishedAt: true,
      stats: true,
      metrics: true,
      size: true,
      keys: true,
      conversationIds: true,
      scores: true,
      outcomes: true,
    },
  });
}
