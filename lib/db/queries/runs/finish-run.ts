import { refreshRunVector } from '../../../compare/get-run-vector';
import { summarizeResults, type RunSummary } from '../../../runs/summarize-results';
import type { Db } from '../db-types';
import { computeRunScoreStats } from './compute-run-score-stats';

export type FinalRunStatus = 'completed' | 'completed_with_errors' | 'failed' | 'cancelled';

export interface FinishGuard {
  /** Close the run only while it has one of these statuses (e.g. not once it was cancelled). */
  status?: string[];
  /** Close the run only while this worker holds it. */
  workerId?: string;
}

/**
 * Computes the per-metric summary from the stored results and closes the run. With a
 * guard, nothing changes unless the run still matches it; `closed` tells whether it did.
 */
export async function finishRun(
  db: Db,
  runId: string,
  outcome: { status?: FinalRunStatus; error?: string } = {},
  guard: FinishGuard = {},
): Promise<{ status: FinalRunStatus; summary: RunSummary; closed: boolean }> {
  const [rows, scoreStats] = await Promise.all([
    db.result.findMany({
      where: { runId },
      select: { metric: true, score: true, success: true, error: true },
    }),
    // The run page's score distribution, stored so that its views need not scan the results.
    computeRunScoreStats(db, runId),
  ]);
  const summary = summarizeResults(rows);
  const errors = rows.filter((r) => r.error !== null).length;
  const status: FinalRunStatus = outcome.status ?? (errors > 0 ? 'completed_with_errors' : 'completed');
  const updated = await db.run.updateMany({
    where: {
      id: runId,
      ...(guard.status ? { status: { in: guard.status } } : {}),
      ...(guard.workerId ? { workerId: guard.workerId } : {}),
    },
    data: { status, summary: summary as object, scoreStats: scoreStats as object, finishedAt: new Date(), error: outcome.error ?? null, leaseUntil: null },
  });
  if (updated.count === 1) {
    // The comparison pages read a finished run through its stored score vector: build it now,
    // so the first comparison does not pay for it. A failure here leaves it to be built lazily.
    const run = await db.run.findUnique({ where: { id: runId }, select: { id: true, datasetId: true, status: true, finishedAt: true } });
    if (run) await refreshRunVector(db, run).catch((e: Error) => console.error(`run ${runId}: score vector not stored: ${e.message}`));
  }
  return { status, summary, closed: updated.count === 1 };
}
