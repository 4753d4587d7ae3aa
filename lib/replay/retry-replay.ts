import { recordAudit } from '../auth/audit';
import type { Db } from '../db/db-types';
import { getReplayRow } from '../db/queries/replays/get-replay';
import { getReplaySource } from '../db/queries/replays/get-replay-settings';
import { reopenReplay } from '../db/queries/replays/reopen-replay';
import { countReplayTurns } from '../db/queries/replays/replay-status';
import { getDatabaseUrl, providerOf } from '../db/url';
import { AppError } from '../errors';
import type { Principal } from '../identity/principal';
import { wakeWorkers } from '../jobs/worker-manager';
import { REPLAY_JOBS } from './replay-jobs';
import { enqueueReplayChunks } from './replay-queue';

/**
 * Generates again the errored turns of an ended replay (and, for a cancelled or failed one,
 * those never generated): they go back to pending and the replay is queued. When it ends, a new
 * dataset version is made with the conversations now whole, and evaluated as asked; the earlier
 * version stays. Returns how many turns were reopened; the one who asked (when given) is audited.
 */
export async function retryReplay(db: Db, projectId: string, id: string, env: Record<string, string | undefined> = process.env, principal: Principal | null = null): Promise<{ reopened: number }> {
  const row = await getReplayRow(db, projectId, id);
  if (!['completed_with_errors', 'failed', 'cancelled'].includes(row.status)) {
    throw new AppError('CONFLICT', `Only a replay that ended with errors, failed or was cancelled can be retried (this one is ${row.status.replace(/_/g, ' ')})`);
  }
  if ((await countReplayTurns(db, id, ['error', 'pending'])) === 0) {
    throw new AppError('CONFLICT', 'The replay has no turn left to generate');
  }
  const reopened = await reopenReplay(db, id, row.status);
  if (reopened === null) throw new AppError('CONFLICT', 'The replay changed meanwhile; look again');
  const url = getDatabaseUrl(env as NodeJS.ProcessEnv);
  if (providerOf(url) === 'postgres') {
    const dataset = await getReplaySource(db, row.sourceDatasetId);
    await enqueueReplayChunks(url, { id, conversations: dataset.conversationCount, round: String(Date.now()) }, env);
  }
  wakeWorkers(REPLAY_JOBS);
  if (principal) await recordAudit(db, principal, 'replay.retry', id, `${reopened} errored turn(s) reopened after ${row.status.replace(/_/g, ' ')}`);
  return { reopened };
}
