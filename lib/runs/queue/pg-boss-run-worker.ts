import { isPassingDbError } from '../../db/passing-error';
import { getRunStatus } from '../../db/queries/runs/get-run-status';
import { countRunResults } from '../../db/queries/runs/count-run-results';
import { executeRunChunk } from '../execution/execute-run-chunk';
import { openRunSession } from '../execution/run-session';
import { createSessionCache } from '../../jobs/session-cache';
import { isBreakerStop } from '../execution/judge-breaker';
import { closeCancelledRun, failRun, finishRun, startRun } from '../lifecycle';
import { startPgBossChunkWorker } from '../../jobs/pg-boss/chunk-worker';
import { chunkLeaseSeconds, stopBoss } from '../../jobs/pg-boss/boss';
import { CHUNK_QUEUE, getRunBoss, type ChunkJob } from './run-chunk-queue';
import { shareRateLimitsByActiveChunks } from '../../jobs/rate-limit-share';
import { envNumber } from '../../jobs/env-number';
import { type RunWorker, type RunWorkerOptions } from './run-worker';
import { newWorkerId } from '../../jobs/worker-identity';
import { ANY_PROJECT } from '../../db/project-scope';

/**
 * The run queue on PostgreSQL: pg-boss jobs, one per chunk of conversations, shared by
 * every worker process on the database (the app server's and `npm run worker`'s). Each
 * chunk job scores what its chunk has not stored yet; the worker that stores a run's last
 * result closes the run. A cancel is noticed within a second and the remaining chunks
 * end at once (the loop is lib/jobs/pg-boss/chunk-worker.ts, shared with the replay worker).
 * Chunks are queued in turn with other runs' (enqueueRunChunks); a run's judge is built once
 * for the chunks this process scores (run-session.ts).
 *
 * Settings: TURNWISE_WORKER_JOBS (chunk jobs at once per process, 2). Judge rate limits are
 * split between the processes by their share of the active chunks (lib/jobs/rate-limit-share.ts).
 */
export async function startPgBossRunWorker(options: RunWorkerOptions & { url: string }): Promise<RunWorker> {
  const { db, env, url } = options;
  const id = options.workerId ?? newWorkerId();
  const log = options.log ?? (() => undefined);
  const boss = await getRunBoss(url, env, log);
  const sessions = createSessionCache((runId) => openRunSession(db, runId, env, { judge: options.judge }), (session) => session.close());
  const worker = await startPgBossChunkWorker<ChunkJob>({
    noun: 'run',
    boss,
    queue: CHUNK_QUEUE,
    workerId: id,
    log,
    env,
    jobs: envNumber(env, 'TURNWISE_WORKER_JOBS', 2),
    leaseSeconds: chunkLeaseSeconds(env),
    workOf: (job) => job.runId,
    async begin(runId) {
      if (await startRun(db, runId)) return true;
      // Cancelled, failed or already closed: nothing left to do for this chunk.
      // A run gone is nothing to do; a database that blinked is asked again (step 'starting').
      const { status } = await getRunStatus(db, ANY_PROJECT, runId).catch((error: unknown) => {
        if (isPassingDbError(error)) throw error;
        return { status: 'missing' };
      });
      if (status === 'cancelled') await closeCancelledRun(db, runId);
      return false;
    },
    // A run failed elsewhere (another chunk's judge kept failing) stops this chunk too.
    stopReason: async (runId) => {
      const { status } = await getRunStatus(db, ANY_PROJECT, runId);
      return status === 'cancelled' || status === 'failed' ? status : null;
    },
    async execute(job, signal) {
      const { scored } = await sessions.use(job.runId, (session) => executeRunChunk({ db, env, runId: job.runId, range: { from: job.from, to: job.to }, signal, session, log }));
      return `scored ${scored} item(s)`;
    },
    async stopped(runId, reason) {
      if (reason === 'cancelled') await closeCancelledRun(db, runId);
    },
    async settle(runId) {
      const run = await getRunStatus(db, ANY_PROJECT, runId);
      if ((await countRunResults(db, runId)) < run.totalItems) return;
      const { status, closed } = await finishRun(db, runId, { status: ['running'] });
      if (closed) log(`run ${runId}: ${status}`);
    },
    fail: (runId, message) => failRun(db, runId, message, { status: ['running'] }),
    // A judge that failed the same way on every request would fail the same way on a retry.
    isFinal: isBreakerStop,
  });
  const stopSharing = shareRateLimitsByActiveChunks(boss, CHUNK_QUEUE, worker.active);
  return {
    id,
    queue: 'pg-boss',
    wake: worker.wake,
    async stop() {
      stopSharing();
      await worker.stop();
      await sessions.closeAll();
      await stopBoss(url);
    },
  };
}
