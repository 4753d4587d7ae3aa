import type { Db } from '../../db-types';

/** One group of a run's results: same metric, threshold, score and outcome. */
export interface ScoreGroup {
  metric: string;
  threshold: number;
  score: number | null;
  success: boolean;
  count: number;
}

/**
 * The run's results grouped in the database by metric, outcome and score: one pass over the
 * (runId, metric, success, score, …) index, however many results there are.
 */
export async function listRunScoreGroups(db: Db, runId: string): Promise<ScoreGroup[]> {
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
  return groups.map((g) => ({ metric: g.metric, success: g.success, score: g.score, count: g._count._all, threshold: thresholdOf.get(g.metric) ?? 0.5 }));
}
