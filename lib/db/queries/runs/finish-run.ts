import { summarizeResults, type RunSummary } from '../../../runs/summarize-results';
import type { Db } from '../db-types';

export type FinalRunStatus = 'completed' | 'completed_with_errors' | 'failed' | 'cancelled';

/** Computes the per-metric summary from the stored results and closes the run. */
export async function finishRun(
  db: Db,
  runId: string,
  outcome: { status?: FinalRunStatus; error?: string } = {},
): Promise<{ status: FinalRunStatus; summary: RunSummary }> {
  const rows = await db.result.findMany({
    where: { runId },
    select: { metric: true, score: true, success: true, error: true },
  });
  const summary = summarizeResults(rows);
  const errors = rows.filter((r) => r.error !== null).length;
  const status: FinalRunStatus = outcome.status ?? (errors > 0 ? 'completed_with_errors' : 'completed');
  await db.run.update({
    where: { id: runId },
    data: { status, summary: summary as object, finishedAt: new Date(), error: outcome.error ?? null },
  });
  return { status, summary };
}
