import type { RunMetricStats } from '../../../domain/run-metric-stats';
import type { Db } from '../../db-types';

/** A run's score vector as the columns of its RunScoreVector row (lib/compare/run-vector.ts encodes it). */
export interface RunVectorRow {
  metrics: string[];
  size: number;
  keys: string;
  conversationIds: string;
  scores: Uint8Array<ArrayBuffer>;
  outcomes: Uint8Array<ArrayBuffer>;
  stats: Record<string, RunMetricStats>;
}

/** Stores (or replaces) a finished run's score vector. */
export async function saveRunVector(db: Db, runId: string, row: RunVectorRow, runFinishedAt: Date): Promise<void> {
  const data = { ...row, stats: row.stats as object, runFinishedAt };
  await db.runScoreVector.upsert({
    where: { runId },
    create: { runId, ...data },
    update: data,
    select: { runId: true },
  });
}
