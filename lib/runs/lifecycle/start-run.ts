import type { Db } from '../../db/db-types';
import { markRunStarted } from '../../db/queries/runs/mark-run-started';

/**
 * A queued run becomes running when its first chunk starts; false when it is no longer
 * queued or running (cancelled, failed or closed). SQLite workers start a run by claiming
 * it under a lease (claimRun), which sets the same status.
 */
export async function startRun(db: Db, runId: string): Promise<boolean> {
  return markRunStarted(db, runId);
}
