import type { Db } from '../../db/db-types';
import { markRunCancelled as markCancelled } from '../../db/queries/runs/mark-run-cancelled';
import { getRunStatus } from '../../db/queries/runs/get-run-status';
import { AppError } from '../../errors';
import { cancelHeldJob } from '../../jobs/held-jobs';
import { closeCancelledRun } from './finish-run';

/**
 * Cancels a queued or running run. A worker of this process stops it at once (its judge calls
 * in flight aborted); workers of other processes notice within a second. No more items are
 * taken; results already stored stay, and the summary covers them (workers refresh it with
 * the items that were in flight).
 */
export async function cancelRun(db: Db, projectId: string, runId: string): Promise<void> {
  const run = await getRunStatus(db, projectId, runId);
  if (!(await markCancelled(db, runId))) {
    throw new AppError('CONFLICT', `The run has already ended (${run.status.replace(/_/g, ' ')})`);
  }
  cancelHeldJob('run', runId);
  await closeCancelledRun(db, runId);
}
