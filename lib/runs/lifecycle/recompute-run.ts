import type { Db } from '../../db/db-types';
import { getRunOutcome } from '../../db/queries/runs/get-run-outcome';
import { recountRun } from '../../db/queries/runs/recount-run';
import { closeRun, type FinalRunStatus } from './close-run';

const ENDED: FinalRunStatus[] = ['completed', 'completed_with_errors', 'failed', 'cancelled'];

/**
 * A run that had ended before some of its conversations were deleted (retention): its counters
 * are recounted from the results left and it is closed again through close-run, so that its
 * summary, score statistics and score vector cover what is left (its end time kept, its verdicts
 * not exported again). A failed or cancelled run keeps
 * its status and error; a completed one is completed_with_errors only while errored results are
 * left. A run that is not ended (a worker holds it) is left alone: its own close counts.
 * True when it was recomputed.
 */
export async function recomputeEndedRun(db: Db, runId: string): Promise<boolean> {
  const run = await getRunOutcome(db, runId);
  if (!run || !ENDED.includes(run.status as FinalRunStatus)) return false;
  if (!(await recountRun(db, runId, 'held', [run.status]))) return false;
  const kept = run.status === 'failed' || run.status === 'cancelled' ? (run.status as FinalRunStatus) : undefined;
  const closed = await closeRun(db, runId, { status: kept, error: run.error ?? undefined, again: true }, { status: [run.status] });
  return closed.closed;
}
