import type { Db } from '../../db/db-types';
import { closeRun, type ClosedRun } from './close-run';
import { type CloseGuard } from '../../db/queries/runs/mark-run-closed';
import { redactSecrets } from '../../redact-secrets';

/** Every item is scored: the run is completed, or completed_with_errors when some results errored. */
export async function finishRun(db: Db, runId: string, guard: CloseGuard = {}): Promise<ClosedRun> {
  return closeRun(db, runId, {}, guard);
}

/** The run cannot go on: it ends failed with the error, and its numbers cover what was stored. */
export async function failRun(db: Db, runId: string, error: string, guard: CloseGuard = {}): Promise<ClosedRun> {
  return closeRun(db, runId, { status: 'failed', error: redactSecrets(error) }, guard);
}

/** A cancelled run's numbers, once the results that were in flight at the cancel are stored. */
export async function closeCancelledRun(db: Db, runId: string): Promise<ClosedRun> {
  return closeRun(db, runId, { status: 'cancelled' }, { status: ['cancelled'] });
}
