import { countDatasetConversations } from '../../db/queries/datasets/count-conversations';
import { claimRun } from '../../db/queries/runs/claim-run';
import { getRunDatasetId } from '../../db/queries/runs/get-run-dataset-id';
import { releaseRun } from '../../db/queries/runs/release-run';
import { renewRunLease } from '../../db/queries/runs/renew-run-lease';
import { executeRunChunk } from '../execution/execute-run-chunk';
import { openRunSession } from '../execution/run-session';
import { HELD_PER_SLOT } from '../../jobs/fair-slots';
import { chunkRanges, DEFAULT_CHUNK_SIZE } from '../../jobs/chunks';
import { envNumber } from '../../jobs/env-number';
import { type RunWorker, type RunWorkerOptions } from './run-worker';
import { isWorkerGone, newWorkerId } from '../../jobs/worker-identity';
import { closeCancelledRun, failRun, finishRun } from '../lifecycle';
import { endFailedWork, startLeaseWorker, type StopReason } from '../../jobs/lease-worker';
import type { FairSlots } from '../../jobs/fair-slots';
import { retryPassing } from '../../db/retry-passing';
import { storeRetryOf } from '../../jobs/store-retry';
import { ANY_PROJECT } from '../../db/project-scope';

/**
 * The run queue on SQLite: the Run table itself. A worker claims a run with a lease it
 * renews every second; the renewal also notices a cancel. A run whose worker was killed is
 * taken over at once when that worker's process is gone from this host, or when its lease
 * passes. Results already stored are skipped, so nothing is scored twice. The runs a worker
 * holds take its chunk slots in turn (lib/jobs/fair-slots.ts): a run queued behind a long one
 * starts at the long one's next chunk, not at its end. A run's judge is built once for all its
 * chunks (run-session.ts).
 *
 * Settings: TURNWISE_WORKER_RUNS (chunks scored at once, 2; a worker holds up to
 * HELD_PER_SLOT times as many runs), TURNWISE_WORKER_POLL_MS (1000), TURNWISE_WORKER_LEASE_MS
 * (30000), TURNWISE_RUN_CHUNK_SIZE (conversations per step, 10).
 */
export function startSqliteRunWorker(options: RunWorkerOptions): RunWorker {
  const { db, env } = options;
  const id = options.workerId ?? newWorkerId();
  const log = options.log ?? (() => undefined);
  const maxRuns = envNumber(env, 'TURNWISE_WORKER_RUNS', 2);
  const pollMs = envNumber(env, 'TURNWISE_WORKER_POLL_MS', 1000);
  const leaseMs = envNumber(env, 'TURNWISE_WORKER_LEASE_MS', 30_000);
  const chunkSize = envNumber(env, 'TURNWISE_RUN_CHUNK_SIZE', DEFAULT_CHUNK_SIZE);
  async function execute(runId: string, signal: AbortSignal, stopReason: () => StopReason | null, slots: FairSlots): Promise<void> {
    try {
      const count = await countDatasetConversations(db, await getRunDatasetId(db, ANY_PROJECT, runId));
      const session = await openRunSession(db, runId, env, { judge: options.judge });
      try {
        for (const range of chunkRanges(count, chunkSize)) {
          if (signal.aborted) break;
          // A stop while waiting for the slot ends the run's turn: nothing more is scored.
          const release = await slots.take(signal).catch(() => null);
          if (!release) break;
          try {
            await executeRunChunk({ db, env, runId, range, signal, session, log });
          } finally {
            release();
          }
        }
      } finally {
        await session.close();
      }
      const reason = stopReason();
      const closing = <T>(fn: () => Promise<T>) => retryPassing(`run ${runId}: closing`, fn, storeRetryOf(env, log, signal));
      if (reason === 'cancelled') {
        // Results that finished after the cancel are in: summarise what the run has.
        await closing(() => closeCancelledRun(db, runId));
        log(`run ${runId}: cancelled`);
      } else if (reason === null) {
        const { status, closed } = await closing(() => finishRun(db, runId, { status: ['running'], workerId: id }));
        if (closed) log(`run ${runId}: ${status}`);
      }
    } catch (error) {
      await endFailedWork(error, { noun: 'run', id: runId, log, release: () => releaseRun(db, runId, id), fail: (message) => failRun(db, runId, message, { status: ['running'], workerId: id }) });
    }
  }

  const worker = startLeaseWorker({
    noun: 'run',
    workerId: id,
    log,
    maxActive: maxRuns * HELD_PER_SLOT,
    slots: maxRuns,
    pollMs,
    leaseMs,
    env,
    claim: () => claimRun(db, { workerId: id, leaseMs, isGone: isWorkerGone }),
    renew: (runId) => renewRunLease(db, runId, id, leaseMs),
    release: (runId) => releaseRun(db, runId, id),
    execute,
  });
  return { id, queue: 'sqlite', wake: worker.wake, stop: worker.stop };
}
