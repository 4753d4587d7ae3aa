import { recordAudit } from '../auth/audit';
import type { Db } from '../db/db-types';
import { getReplayRow } from '../db/queries/replays/get-replay';
import { markReplayCancelled } from '../db/queries/replays/replay-status';
import { AppError } from '../errors';
import type { Principal } from '../identity/principal';
import { cancelHeldJob } from '../jobs/held-jobs';
import { closeCancelledReplay } from './lifecycle/close-replay';

/**
 * Cancels a queued or running replay: a worker of this process stops it at once, one of another
 * process within a second; the requests in flight are aborted and no turn starts after. The turns stored so far stay; no dataset is made. The one who cancels it
 * (when given) is recorded in the audit log.
 */
export async function cancelReplay(db: Db, projectId: string, id: string, principal: Principal | null = null): Promise<void> {
  const row = await getReplayRow(db, projectId, id);
  if (!(await markReplayCancelled(db, id))) throw new AppError('CONFLICT', `The replay has already ended (${row.status.replace(/_/g, ' ')})`);
  cancelHeldJob('replay', id);
  // A queued replay has no worker to close it.
  if (row.status === 'queued') await closeCancelledReplay(db, id);
  if (principal) await recordAudit(db, principal, 'replay.cancel', id, `was ${row.status}`);
}
