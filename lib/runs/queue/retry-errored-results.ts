import type { Db } from '../../db/db-types';
import { getRun } from '../../db/queries/runs/get-run';
import { reopenErroredResults } from '../../db/queries/runs/reopen-errored-results';
import { getDatabaseUrl, providerOf } from '../../db/url';
import { AppError } from '../../errors';
import { enqueueRunChunks } from './run-chunk-queue';
import { wakeWorkers } from '../../jobs/worker-manager';
import { RUN_JOBS } from './run-jobs';
import { isLiveRun } from '../../domain/run-progress';

/**
 * Scores again only the results of an ended run of a project that errored, whole or in part (a turn or
 * window the judge could not judge). Everything else stays stored; judge replies that did
 * succeed come from the cache, so the re-run pays only for what failed.
 */
export async function retryErroredResults(db: Db, projectId: string, runId: string, env: Record<string, string | undefined>): Promise<{ reopened: number }> {
  const run = await getRun(db, projectId, runId);
  if (isLiveRun(run.status)) {
    throw new AppError('CONFLICT', 'The run is still going: wait for it to end before re-running its errored results');
  }
  const reopened = await reopenErroredResults(db, runId);
  if (reopened === 0) throw new AppError('CONFLICT', 'The run has no errored results to re-run');
  const url = getDatabaseUrl(env as NodeJS.ProcessEnv);
  if (providerOf(url) === 'postgres') {
    await enqueueRunChunks(url, { id: runId, conversations: run.dataset.conversationCount, round: `retry-${Date.now()}` }, env);
  }
  wakeWorkers(RUN_JOBS);
  return { reopened };
}
