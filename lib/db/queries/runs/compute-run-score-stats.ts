import type { Db } from '../db-types';
import { scoreStatsFromGroups, type RunScoreStats } from './score-stats';

/**
 * The run's score distribution from its results, grouped in the database: one pass over the
 * (runId, metric, success, score, …) index, however many results there are.
 */
export async function computeRunScoreStats(db: Db, runId: string): Promise<RunScoreStats> {
  const groups = await db.result.groupBy({
    by: ['metric', 'success', 'score'],
    where: { runId },
    _count: { _all: true },
  });
  const metrics = [...new Set(groups.map((g) => g.metric))];
  // The threshold is the same on every result of a metric: read it from one of them.
  const thresholds = await Promise.all(
    metrics.map((metric) => db.result.findFirst({ where: { runId, metric }, select: { metric: true, threshold: true } })),
  );
  const thresholdOf = new Map(thresholds.flatMap((t) => (t ? [[t.metric, t.threshold] as const] : [])));
  return scoreStatsFromGroups(
    groups.map((g) => ({ metric: g.metric, success: g.success, score: g.score, count: g._count._all, threshold: thresholdOf.get(g.metric) ?? 0.5 })),
  );
}
