import type { Db } from '../../db/db-types';
import { markRunCancelled as markCancelled } from '../../db/queries/runs/mark-run-cancelled';
import { getRunStatus } from '../../db/queries/runs/get-run-status';
import { AppError } from '../../errors';
import { closeCancelledRun } from './finish-run';

/**
 * Cancels a queued or running run. Its workers notice within a second and take no more
 * items; results already stored stay, and the summary covers them (workers refresh it
 * with the items that were in flight).
 */
export async function cancelRun(db: Db, runId: string): Promise<void> {
  const run = await getRunStatus(db, runId);
  if (!(await markCancelled(db, runId))) {
    throw new AppError('CONFLICT', `The run has already ended (${run.status.replace(/_/g, ' ')})`);
  }
  await closeCancelledRun(db, runId);
}
