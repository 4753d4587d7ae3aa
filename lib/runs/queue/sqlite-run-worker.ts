import { countDatasetConversations } from '../../db/queries/datasets/count-conversations';
import { claimRun } from '../../db/queries/runs/claim-run';
import { getRunDatasetId } from '../../db/queries/runs/get-run-dataset-id';
import { releaseRun } from '../../db/queries/runs/release-run';
import { renewRunLease } from '../../db/queries/runs/renew-run-lease';
import { executeRunChunk } from '../execution/execute-run-chunk';
import { chunkRanges, DEFAULT_CHUNK_SIZE } from './run-chunks';
import { envNumber, type RunWorker, type RunWorkerOptions } from './run-worker';
import { isWorkerGone, newWorkerId } from '../execution/worker-identity';
import { closeCancelledRun, failRun, finishRun } from '../lifecycle';
import { startLeaseWorker, type StopReason } from './lease-worker';

/**
 * The run queue on SQLite: the Run table itself. A worker claims a run with a lease it
 * renews every second; the renewal also notices a cancel. A run whose worker was killed is
 * taken over at once when that worker's process is gone from this host, or when its lease
 * passes. Results already stored are skipped, so nothing is scored twice.
 *
 * Settings: TURNWISE_WORKER_RUNS (runs at once, 2), TURNWISE_WORKER_POLL_MS (1000),
 * TURNWISE_WORKER_LEASE_MS (30000), TURNWISE_RUN_CHUNK_SIZE (conversations per step, 10).
 */
export function startSqliteRunWorker(options: RunWorkerOptions): RunWorker {
  const { db, env } = options;
  const id = options.workerId ?? newWorkerId();
  const log = options.log ?? (() => undefined);
  const maxRuns = envNumber(env, 'TURNWISE_WORKER_RUNS', 2);
  const pollMs = envNumber(env, 'TURNWISE_WORKER_POLL_MS', 1000);
  const leaseMs = envNumber(env, 'TURNWISE_WORKER_LEASE_MS', 30_000);
  const chunkSize = envNumber(env, 'TURNWISE_RUN_CHUNK_SIZE', DEFAULT_CHUNK_SIZE);
  async function execute(runId: string, signal: AbortSignal, stopReason: () => StopReason | null): Promise<void> {
    try {
      const count = await countDatasetConversations(db, await getRunDatasetId(db, runId));
      for (const range of chunkRanges(count, chunkSize)) {
        if (signal.aborted) break;
        await executeRunChunk({ db, env, runId, range, signal, judge: options.judge });
      }
      const reason = stopReason();
      if (reason === 'cancelled') {
        // Results that finished after the cancel are in: summarise what the run has.
        await closeCancelledRun(db, runId);
        log(`run ${runId}: cancelled`);
      } else if (reason === null) {
        const { status, closed } = await finishRun(db, runId, { status: ['running'], workerId: id });
        if (closed) log(`run ${runId}: ${status}`);
      }
    } catch (error) {
      const message = (error as Error).message;
      log(`run ${runId}: failed: ${message}`);
      await failRun(db, runId, message, { status: ['running'], workerId: id }).catch(() => undefined);
    }
  }

  const worker = startLeaseWorker({
    noun: 'run',
    workerId: id,
    log,
    maxActive: maxRuns,
    pollMs,
    leaseMs,
    claim: () => claimRun(db, { workerId: id, leaseMs, isGone: isWorkerGone }),
    renew: (runId) => renewRunLease(db, runId, id, leaseMs),
    release: (runId) => releaseRun(db, runId, id),
    execute,
  });
  return { id, queue: 'sqlite', wake: worker.wake, stop: worker.stop };
}
