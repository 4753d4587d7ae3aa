import type { RunMetricStats } from '../../../domain/run-metric-stats';
import type { Db } from '../../db-types';

/** The stored per-metric aggregates (with mean intervals) of some runs, without their blobs. */
export async function listRunVectorStats(
  db: Db,
  runIds: string[],
): Promise<Map<string, { runFinishedAt: Date; stats: Record<string, RunMetricStats> }>> {
  const rows = await db.runScoreVector.findMany({
    where: { runId: { in: runIds } },
    select: { runId: true, runFinishedAt: true, stats: true },
  });
  return new Map(rows.map((r) => [r.runId, { runFinishedAt: r.runFinishedAt, stats: r.stats as unknown as Record<string, RunMetricStats> }]));
}
