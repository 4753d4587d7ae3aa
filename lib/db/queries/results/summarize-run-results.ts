import type { Db } from '../../db-types';
import type { RunSummary } from '../../../domain/run-summary';

/**
 * A run's per-metric summary computed in the database from the results stored so far (the
 * same numbers as summarizeResults, for a run still in progress): three grouped counts over
 * the run's Result index instead of every row.
 */
export async function summarizeRunResults(db: Db, runId: string): Promise<RunSummary> {
  const [all, scored, passed] = await Promise.all([
    db.result.groupBy({ by: ['metric'], where: { runId }, _count: { _all: true } }),
    db.result.groupBy({ by: ['metric'], where: { runId, error: null, score: { not: null } }, _count: { _all: true }, _avg: { score: true } }),
    db.result.groupBy({ by: ['metric'], where: { runId, error: null, score: { not: null }, success: true }, _count: { _all: true } }),
  ]);
  const scoredBy = new Map(scored.map((g) => [g.metric, g]));
  const passedBy = new Map(passed.map((g) => [g.metric, g._count._all]));
  const summary: RunSummary = {};
  for (const g of all) {
    const s = scoredBy.get(g.metric);
    const n = s?._count._all ?? 0;
    summary[g.metric] = {
      mean: n ? (s!._avg.score ?? null) : null,
      passRate: n ? (passedBy.get(g.metric) ?? 0) / n : null,
      count: g._count._all,
      errors: g._count._all - n,
    };
  }
  return summary;
}
