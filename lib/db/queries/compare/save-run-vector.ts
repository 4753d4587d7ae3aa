import { encodeRunVector, type RunVector } from '../../../compare/run-vector';
import type { Db } from '../db-types';

/** Stores (or replaces) a finished run's score vector. */
export async function saveRunVector(db: Db, vector: RunVector, runFinishedAt: Date): Promise<void> {
  const encoded = encodeRunVector(vector);
  const data = { ...encoded, stats: encoded.stats as object, runFinishedAt };
  await db.runScoreVector.upsert({
    where: { runId: vector.runId },
    create: { runId: vector.runId, ...data },
    update: data,
    select: { runId: true },
  });
}
