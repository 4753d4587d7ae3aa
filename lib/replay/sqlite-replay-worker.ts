import pLimit from 'p-limit';
import { getReplaySettingsRow } from '../db/queries/replays/get-replay-settings';
import { countSourceConversations } from '../db/queries/replays/list-chunk-work';
import { claimReplay, releaseReplay, renewReplayLease } from '../db/queries/replays/replay-lease';
import { chunkRanges, DEFAULT_CHUNK_SIZE } from '../jobs/chunks';
import { endFailedWork, startLeaseWorker, type StopReason } from '../jobs/lease-worker';
import { retryPassing } from '../db/retry-passing';
import { storeRetryOf } from '../jobs/store-retry';
import { envNumber } from '../jobs/env-number';
import type { WorkerOptions } from '../jobs/job-kind';
import type { Judge } from '../judge/types';
import { isWorkerGone, newWorkerId } from '../jobs/worker-identity';
import { executeReplayChunk } from './execution/execute-replay-chunk';
import { openReplaySession } from './execution/replay-session';
import { HELD_PER_SLOT, type FairSlots } from '../jobs/fair-slots';
import { closeCancelledReplay, closeReplay, failReplay } from './lifecycle/close-replay';
import type { ReplayWorker } from './replay-worker';
import { replaySettingsOf } from './replay-settings';
import type { RetryPolicy } from '../llm/send-with-retries';

/** Chunks of a replay in progress at once: the one running and the next, queued behind it. */
const CHUNKS_AT_ONCE = 2;
/**
 * The first chunks are small and grow to the chunk size: the first requests leave after a short
 * read, and the reads while turns are in flight (SQLite reads block the process, the first ones
 * most, with nothing warmed up yet) hold the replies that arrive meanwhile for less.
 */
const FIRST_CHUNK_SIZES = [DEFAULT_CHUNK_SIZE, DEFAULT_CHUNK_SIZE * 2.5];

/** The first sizes (each at most `size`), then `size` conversations at a time. */
function replayChunkRanges(count: number, size: number): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  let from = 0;
  for (const first of FIRST_CHUNK_SIZES) {
    if (from >= count) return ranges;
    const to = Math.min(count, from + Math.min(first, size));
    ranges.push({ from, to });
    from = to;
  }
  return [...ranges, ...chunkRanges(count - from, size).map((r) => ({ from: r.from + from, to: r.to + from }))];
}

export interface ReplayWorkerOptions extends WorkerOptions {
  /** Replaces the on-policy fit judge (tests). */
  judge?: Judge;
  retries?: RetryPolicy;
}

/**
 * The replay queue on SQLite: the Replay table, claimed under a lease renewed every second as
 * runs are (sqlite-run-worker.ts). The renewal notices a cancel, and the turns in flight are
 * then aborted. A replay whose worker was killed is taken over when its process is gone or its
 * lease passes; turns already stored are not generated again.
 *
 * The replays a worker holds take its slots in turn, a chunk at a time (lib/jobs/fair-slots.ts).
 *
 * Settings: TURNWISE_WORKER_REPLAYS (replays generating a chunk at once, 1; a worker holds up to
 * HELD_PER_SLOT times as many), and the run worker's
 * TURNWISE_WORKER_POLL_MS, TURNWISE_WORKER_LEASE_MS, TURNWISE_RUN_CHUNK_SIZE.
 */
export function startSqliteReplayWorker(options: ReplayWorkerOptions): ReplayWorker {
  const { db, env } = options;
  const id = options.workerId ?? newWorkerId();
  const log = options.log ?? (() => undefined);
  const maxReplays = envNumber(env, 'TURNWISE_WORKER_REPLAYS', 1);
  const pollMs = envNumber(env, 'TURNWISE_WORKER_POLL_MS', 1000);
  const leaseMs = envNumber(env, 'TURNWISE_WORKER_LEASE_MS', 30_000);
  // Larger steps than a run's: a replay turn is one request, and a step waits for its slowest.
  const chunkSize = envNumber(env, 'TURNWISE_REPLAY_CHUNK_SIZE', DEFAULT_CHUNK_SIZE * 10);

  async function execute(replayId: string, signal: AbortSignal, stopReason: () => StopReason | null, slots: FairSlots): Promise<void> {
    try {
      const replay = await getReplaySettingsRow(db, replayId);
      const count = await countSourceConversations(db, replay.sourceDatasetId);
      // The target and the judge are built once for every chunk of the replay.
      const session = await openReplaySession(db, replayId, env, { replay, judge: options.judge, retries: options.retries });
      // One pool for the replay's turns, and the next chunk read and queued in it once the
      // turns of this one left to start fall to two rounds of the pool: the pool never drains to
      // its slowest turn between chunks, and no read holds the process (SQLite reads block it)
      // before the first requests have left.
      const { concurrency } = replaySettingsOf(replay);
      const limit = pLimit(concurrency);
      const running = new Set<Promise<void>>();
      let failure: unknown = null;
      for (const range of replayChunkRanges(count, chunkSize)) {
        while (running.size >= CHUNKS_AT_ONCE) await Promise.race(running);
        if (signal.aborted || failure) break;
        // A chunk's turn: the slot is given back once its turns have all started, so that another
        // replay held here starts its next chunk then (replays take the slots in turn).
        const release = await slots.take(signal).catch(() => null);
        if (!release) break;
        let queueLow: () => void = () => undefined;
        const low = new Promise<void>((resolve) => (queueLow = resolve));
        const chunk: Promise<void> = executeReplayChunk({ db, env, replayId, range, signal, session, limit, lowWater: 2 * concurrency, onQueueLow: queueLow, log })
          .then(
            () => undefined,
            (error: unknown) => void (failure ??= error),
          )
          .finally(() => running.delete(chunk));
        running.add(chunk);
        await Promise.race([low, chunk]);
        release();
      }
      await Promise.all(running);
      if (failure) throw failure;
      const reason = stopReason();
      const closing = <T>(fn: () => Promise<T>) => retryPassing(`replay ${replayId}: closing`, fn, storeRetryOf(env, log, signal));
      if (reason === 'cancelled') {
        await closing(() => closeCancelledReplay(db, replayId));
        log(`replay ${replayId}: cancelled`);
      } else if (reason === null) {
        const status = await closing(() => closeReplay(db, replayId, env, { workerId: id }));
        if (status) log(`replay ${replayId}: ${status}`);
      }
    } catch (error) {
      await endFailedWork(error, { noun: 'replay', id: replayId, log, release: () => releaseReplay(db, replayId, id), fail: (message) => failReplay(db, replayId, message, ['running']) });
    }
  }

  const worker = startLeaseWorker({
    noun: 'replay',
    workerId: id,
    log,
    maxActive: maxReplays * HELD_PER_SLOT,
    slots: maxReplays,
    pollMs,
    leaseMs,
    env,
    claim: () => claimReplay(db, { workerId: id, leaseMs, isGone: isWorkerGone }),
    renew: (replayId) => renewReplayLease(db, replayId, id, leaseMs),
    release: (replayId) => releaseReplay(db, replayId, id),
    execute,
  });
  return { id, queue: 'sqlite', wake: worker.wake, stop: worker.stop };
}
