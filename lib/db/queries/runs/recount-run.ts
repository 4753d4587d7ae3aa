import type { Db } from '../../db-types';

/**
 * A run's counters from the results it holds now (done, errored, judge calls, cache hits,
 * tokens, cost); `totalItems` changes by `totalDelta`, or becomes the results held when
 * `totalItems` is 'held'. With `onlyIf`, only while the run has one of those statuses (a run a
 * worker took meanwhile is left to it). True when it was written.
 */
// across projects: the run a worker holds, or one its caller found in its project.
export async function recountRun(db: Db, runId: string, total: { delta: number } | 'held', onlyIf?: string[]): Promise<boolean> {
  const agg = await db.result.aggregate({
    where: { runId },
    _count: { _all: true },
    _sum: { judgeCalls: true, cacheHits: true, promptTokens: true, completionTokens: true, costUsd: true },
  });
  const errors = await db.result.count({ where: { runId, error: { not: null } } });
  const { count } = await db.run.updateMany({
    where: { id: runId, ...(onlyIf ? { status: { in: onlyIf } } : {}) },
    data: {
      totalItems: total === 'held' ? agg._count._all : { increment: total.delta },
      doneItems: agg._count._all,
      errorItems: errors,
      judgeCalls: agg._sum.judgeCalls ?? 0,
      cacheHits: agg._sum.cacheHits ?? 0,
      promptTokens: agg._sum.promptTokens ?? 0,
      completionTokens: agg._sum.completionTokens ?? 0,
      costUsd: agg._sum.costUsd ?? 0,
    },
  });
  return count === 1;
}
