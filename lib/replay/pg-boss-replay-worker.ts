import { claimStaleFinishingReplay, markReplayStarted } from '../db/queries/replays/replay-lease';
import { countReplayTurns, getReplayStatus } from '../db/queries/replays/replay-status';
import { startPgBossChunkWorker } from '../jobs/pg-boss/chunk-worker';
import { chunkLeaseSeconds } from '../jobs/pg-boss/boss';
import { envNumber } from '../jobs/env-number';
import { newWorkerId } from '../jobs/worker-identity';
import { executeReplayChunk } from './execution/execute-replay-chunk';
import { openReplaySession } from './execution/replay-session';
import { createSessionCache } from '../jobs/session-cache';
import { closeCancelledReplay, closeReplay, failReplay } from './lifecycle/close-replay';
import { getReplayBoss, REPLAY_CHUNK_QUEUE, type ReplayChunkJob } from './replay-queue';
import type { ReplayWorker } from './replay-worker';
import type { ReplayWorkerOptions } from './sqlite-replay-worker';

/**
 * The replay queue on PostgreSQL: one pg-boss job per chunk of conversations, shared by every
 * worker process, on the loop runs use (lib/jobs/pg-boss/chunk-worker.ts) and the process's one pg-boss.
 * A chunk generates what its conversations have not stored; whoever stores the last turn closes
 * the replay. A cancel is noticed within a second and the turns in flight are aborted.
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
  const leaseSeconds = chunkLeaseSeconds(env);
  const lease = { workerId: id, leaseMs: leaseSeconds * 1000 };
  // The target and the judge are built once for the chunks of a replay this process generates.
  const sessions = createSessionCache((replayId) => openReplaySession(db, replayId, env, { judge: options.judge, retries: options.retries }), async () => undefined);
  const worker = await startPgBossChunkWorker<ReplayChunkJob>({
    noun: 'replay',
    boss: await getReplayBoss(url, env),
    queue: REPLAY_CHUNK_QUEUE,
    workerId: id,
    log,
    env,
    jobs: envNumber(env, 'TURNWISE_WORKER_REPLAY_JOBS', 2),
    leaseSeconds,
    workOf: (job) => job.replayId,
    async begin(replayId) {
      if (await markReplayStarted(db, replayId)) return true;
      if ((await getReplayStatus(db, replayId)) === 'cancelled') await closeCancelledReplay(db, replayId);
      return false;
    },
    stopReason: async (replayId) => ((await getReplayStatus(db, replayId)) === 'cancelled' ? 'cancelled' : null),
    async execute(job, signal) {
      const { generated } = await sessions.use(job.replayId, (session) => executeReplayChunk({ db, env, replayId: job.replayId, range: { from: job.from, to: job.to }, signal, session, log }));
      return `generated ${generated} turn(s)`;
    },
    stopped: (replayId) => closeCancelledReplay(db, replayId),
    async settle(replayId) {
      if ((await countReplayTurns(db, replayId, ['pending'])) > 0) return;
      const status = await closeReplay(db, replayId, env, { lease });
      if (status) log(`replay ${replayId}: ${status}`);
    },
    fail: (replayId, message) => failReplay(db, replayId, message, ['running']),
    // A replay left "finishing" by a worker that died while it made the version is taken back
    // and closed (the SQLite worker's lease does this there).
    async sweep() {
      for (let replayId = await claimStaleFinishingReplay(db, lease); replayId; replayId = await claimStaleFinishingReplay(db, lease)) {
        log(`replay ${replayId}: its worker died while making the version; closing it on ${id}`);
        const status = await closeReplay(db, replayId, env, { workerId: id, lease });
        if (status) log(`replay ${replayId}: ${status}`);
      }
    },
  });
  return {
    id,
    queue: 'pg-boss',
    wake: worker.wake,
    // The boss is the process's one, shared with the run worker, which stops it.
    async stop() {
      await worker.stop();
      await sessions.closeAll();
    },
  };
}
