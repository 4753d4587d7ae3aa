import type PgBoss from 'pg-boss';
import { claimStaleFinishingReplay, markReplayStarted } from '../db/queries/replays/replay-lease';
import { redactSecrets } from '../redact-secrets';
import { chunkLeaseSeconds, failSilentJobs, keepJobAlive } from '../runs/pg-boss-queue';
import { envNumber } from '../runs/run-worker';
import { newWorkerId } from '../runs/worker-identity';
import { executeReplayChunk } from './execution/execute-replay-chunk';
import { closeCancelledReplay, closeReplay, failReplay } from './lifecycle/close-replay';
import { getReplayBoss, REPLAY_CHUNK_QUEUE, type ReplayChunkJob } from './replay-queue';
import type { ReplayWorker } from './replay-worker-registry';
import type { ReplayWorkerOptions } from './sqlite-replay-worker';

/**
 * The replay queue on PostgreSQL: one pg-boss job per chunk of conversations, shared by every
 * worker process (as runs are, pg-boss-run-worker.ts). A chunk generates what its conversations
 * have not stored; whoever stores the last turn closes the replay. A cancel is noticed within a
 * second and the turns in flight are aborted.
 *
 * A worker that dies while it generates or makes the version is noticed by its silence
 * (TURNWISE_CHUNK_EXPIRE_SECONDS, 300): its chunk is retried, its "finishing" replay closed again.
 *
 * Settings: TURNWISE_WORKER_REPLAY_JOBS (chunk jobs at once per process, 2).
 */
export async function startPgBossReplayWorker(options: ReplayWorkerOptions & { url: string }): Promise<ReplayWorker> {
  const { db, env, url } = options;
  const id = options.workerId ?? newWorkerId();
  const log = options.log ?? (() => undefined);
  const boss = await getReplayBoss(url, env);
  const controllers = new Set<AbortController>();
  const leaseSeconds = chunkLeaseSeconds(env);
  const lease = { workerId: id, leaseMs: leaseSeconds * 1000 };

  // A dead worker's chunk goes back to the queue, and a replay left "finishing" by a worker
  // that died while it made the version is taken back and closed (the SQLite worker's lease
  // does both there).
  let sweeping = false;
  async function sweep(): Promise<void> {
    const handed = await failSilentJobs(boss, leaseSeconds, REPLAY_CHUNK_QUEUE);
    if (handed > 0) log(`handed ${handed} replay chunk(s) of silent workers back to the queue`);
    for (let replayId = await claimStaleFinishingReplay(db, lease); replayId; replayId = await claimStaleFinishingReplay(db, lease)) {
      log(`replay ${replayId}: its worker died while making the version; closing it on ${id}`);
      const status = await closeReplay(db, replayId, env, { workerId: id, lease });
      if (status) log(`replay ${replayId}: ${status}`);
    }
  }
  const supervise = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((error: Error) => log(`could not look for stalled replays: ${error.message}`))
      .finally(() => (sweeping = false));
  }, Math.max(1000, Math.min(60_000, (leaseSeconds * 1000) / 2)));
  supervise.unref();

  async function runChunk(job: PgBoss.JobWithMetadata<ReplayChunkJob>): Promise<void> {
    const { replayId, from, to } = job.data;
    if (!(await markReplayStarted(db, replayId))) {
      const row = await db.replay.findUnique({ where: { id: replayId }, select: { status: true } });
      if (row?.status === 'cancelled') await closeCancelledReplay(db, replayId);
      return;
    }
    const controller = new AbortController();
    controllers.add(controller);
    const stopKeepingAlive = keepJobAlive(boss, job, leaseSeconds);
    let checking = false;
    const watch = setInterval(() => {
      if (checking) return;
      checking = true;
      db.replay
        .findUnique({ where: { id: replayId }, select: { status: true } })
        .then((row) => row?.status === 'cancelled' && controller.abort('cancelled'))
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, 1000);
    try {
      const { generated } = await executeReplayChunk({ db, env, replayId, range: { from, to }, signal: controller.signal, judge: options.judge, retries: options.retries });
      log(`replay ${replayId}: chunk ${from}–${to} generated ${generated} turn(s) on ${id}`);
      if (controller.signal.aborted) {
        if (controller.signal.reason === 'cancelled') await closeCancelledReplay(db, replayId);
        else throw new Error('worker stopped before the chunk was done');
        return;
      }
      if ((await db.replayTurn.count({ where: { replayId, status: 'pending' } })) === 0) {
        const status = await closeReplay(db, replayId, env, { lease });
        if (status) log(`replay ${replayId}: ${status}`);
      }
    } catch (error) {
      const message = redactSecrets((error as Error).message || String(error));
      log(`replay ${replayId}: chunk ${from}–${to} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}): ${message}`);
      if (job.retryCount >= job.retryLimit) await failReplay(db, replayId, message, ['running']).catch(() => undefined);
      throw error;
    } finally {
      stopKeepingAlive();
      clearInterval(watch);
      controllers.delete(controller);
    }
  }

  const jobs = envNumber(env, 'TURNWISE_WORKER_REPLAY_JOBS', 2);
  const workIds: string[] = [];
  for (let i = 0; i < jobs; i++) {
    workIds.push(await boss.work<ReplayChunkJob>(REPLAY_CHUNK_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => runChunk(job)));
  }
  return {
    id,
    queue: 'pg-boss',
    wake: () => workIds.forEach((workId) => boss.notifyWorker(workId)),
    async stop() {
      clearInterval(supervise);
      for (const controller of controllers) controller.abort('shutdown');
      for (const workId of workIds) await boss.offWork({ id: workId });
      // The boss is the process's one, shared with the run worker, which stops it (stopRunWorker).
    },
  };
}
