import type PgBoss from 'pg-boss';
import { countRunResults } from '../db/queries/runs/count-run-results';
import { getRunStatus } from '../db/queries/runs/get-run-status';
import { redactSecrets } from '../redact-secrets';
import { executeRunChunk } from './execute-run-chunk';
import { isBreakerStop } from './judge-breaker';
import { closeCancelledRun, failRun, finishRun, startRun } from './lifecycle';
import { CHUNK_QUEUE, chunkLeaseSeconds, failSilentJobs, getBoss, keepJobAlive, stopBoss, type ChunkJob } from './pg-boss-queue';
import { shareRateLimitsByActiveChunks } from './rate-limit-share';
import { envNumber, type RunWorker, type RunWorkerOptions } from './run-worker';
import { newWorkerId } from './worker-identity';

/**
 * The run queue on PostgreSQL: pg-boss jobs, one per chunk of conversations, shared by
 * every worker process on the database (the app server's and `npm run worker`'s). Each
 * chunk job scores what its chunk has not stored yet; the worker that stores a run's last
 * result closes the run. A cancel is noticed within a second and the remaining chunks
 * end at once.
 *
 * Settings: TURNWISE_WORKER_JOBS (chunk jobs at once per process, 2). Judge rate limits are
 * split between the processes by their share of the active chunks (rate-limit-share.ts).
 */
export async function startPgBossRunWorker(options: RunWorkerOptions & { url: string }): Promise<RunWorker> {
  const { db, env, url } = options;
  const id = options.workerId ?? newWorkerId();
  const log = options.log ?? (() => undefined);
  const boss = await getBoss(url, env);
  const controllers = new Set<AbortController>();
  const leaseSeconds = chunkLeaseSeconds(env);
  const supervise = setInterval(() => {
    failSilentJobs(boss, leaseSeconds)
      .then((n) => n > 0 && log(`handed ${n} chunk(s) of silent workers back to the queue`))
      .catch((error: Error) => log(`could not look for silent workers' chunks: ${error.message}`));
  }, Math.max(1000, Math.min(60_000, (leaseSeconds * 1000) / 2)));
  supervise.unref();

  async function runChunk(job: PgBoss.JobWithMetadata<ChunkJob>): Promise<void> {
    const { runId, from, to } = job.data;
    if (!(await startRun(db, runId))) {
      // Cancelled, failed or already closed: nothing left to do for this chunk.
      const { status } = await getRunStatus(db, runId).catch(() => ({ status: 'missing' }));
      if (status === 'cancelled') await closeCancelledRun(db, runId);
      return;
    }
    const controller = new AbortController();
    controllers.add(controller);
    const stopKeepingAlive = keepJobAlive(boss, job, leaseSeconds);
    let checking = false;
    const watch = setInterval(() => {
      if (checking) return;
      checking = true;
      getRunStatus(db, runId)
        // A run failed elsewhere (another chunk's judge kept failing) stops this chunk too.
        .then((run) => (run.status === 'cancelled' || run.status === 'failed') && controller.abort(run.status))
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, 1000);
    try {
      const { scored } = await executeRunChunk({ db, env, runId, range: { from, to }, signal: controller.signal, judge: options.judge });
      log(`run ${runId}: chunk ${from}–${to} scored ${scored} item(s) on ${id}`);
      if (controller.signal.aborted) {
        if (controller.signal.reason === 'cancelled') await closeCancelledRun(db, runId);
        else if (controller.signal.reason !== 'failed') throw new Error('worker stopped before the chunk was done');
        return;
      }
      const run = await getRunStatus(db, runId);
      const stored = await countRunResults(db, runId);
      if (stored >= run.totalItems) {
        const { status, closed } = await finishRun(db, runId, { status: ['running'] });
        if (closed) log(`run ${runId}: ${status}`);
      }
    } catch (error) {
      // Some database errors carry their words in a code and meta only: never log an empty line.
      const e = error as Error & { code?: string };
      const message = redactSecrets(e.message?.trim() || `${e.name ?? 'Error'}${e.code ? ` ${e.code}` : ''}: ${String(error)}`);
      log(`run ${runId}: chunk ${from}–${to} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}): ${message}`);
      // A judge that failed the same way on every request would fail the same way on a retry.
      if (isBreakerStop(error)) {
        await failRun(db, runId, message, { status: ['running'] }).catch(() => undefined);
        return;
      }
      if (job.retryCount >= job.retryLimit) {
        await failRun(db, runId, message, { status: ['running'] }).catch(() => undefined);
      }
      throw error;
    } finally {
      stopKeepingAlive();
      clearInterval(watch);
      controllers.delete(controller);
    }
  }

  const stopSharing = shareRateLimitsByActiveChunks(boss, () => controllers.size);
  const jobs = envNumber(env, 'TURNWISE_WORKER_JOBS', 2);
  const workIds: string[] = [];
  for (let i = 0; i < jobs; i++) {
    workIds.push(
      await boss.work<ChunkJob>(CHUNK_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => runChunk(job)),
    );
  }
  return {
    id,
    queue: 'pg-boss',
    wake: () => workIds.forEach((workId) => boss.notifyWorker(workId)),
    async stop() {
      clearInterval(supervise);
      stopSharing();
      for (const controller of controllers) controller.abort('shutdown');
      for (const workId of workIds) await boss.offWork({ id: workId });
      await stopBoss(url);
    },
  };
}
