import { claimRun } from '../db/queries/runs/claim-run';
import { releaseRun } from '../db/queries/runs/release-run';
import { renewRunLease } from '../db/queries/runs/renew-run-lease';
import { executeRunChunk } from './execute-run-chunk';
import { chunkRanges, DEFAULT_CHUNK_SIZE } from './run-chunks';
import { envNumber, type RunWorker, type RunWorkerOptions } from './run-worker';
import { isWorkerGone, newWorkerId } from './worker-identity';
import { closeCancelledRun, failRun, finishRun } from './lifecycle';

type StopReason = 'cancelled' | 'lost' | 'shutdown';

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
  const renewMs = Math.min(1000, leaseMs / 3);

  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = false;
  let wakeUp: (() => void) | null = null;

  async function execute(runId: string, controller: AbortController): Promise<void> {
    let reason: StopReason | null = null;
    const stop = (why: StopReason) => {
      reason ??= why;
      controller.abort(why);
    };
    let renewing = false;
    const timer = setInterval(() => {
      if (renewing) return;
      renewing = true;
      renewRunLease(db, runId, id, leaseMs)
        .then((state) => state !== 'held' && stop(state))
        .catch((error: Error) => log(`run ${runId}: lease renewal failed: ${error.message}`))
        .finally(() => (renewing = false));
    }, renewMs);
    controller.signal.addEventListener('abort', () => (reason ??= controller.signal.reason as StopReason));
    try {
      const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { datasetId: true } });
      const count = await db.conversation.count({ where: { datasetId: run.datasetId } });
      for (const range of chunkRanges(count, chunkSize)) {
        if (controller.signal.aborted) break;
        await executeRunChunk({ db, env, runId, range, signal: controller.signal, judge: options.judge });
      }
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
    } finally {
      clearInterval(timer);
      if (reason === 'shutdown') await releaseRun(db, runId, id).catch(() => undefined);
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let claimed = false;
      if (active.size < maxRuns) {
        try {
          const run = await claimRun(db, { workerId: id, leaseMs, isGone: isWorkerGone });
          if (run && !stopped) {
            claimed = true;
            log(`run ${run.id}: ${run.resumed ? 'resumed' : 'started'} by ${id}`);
            const controller = new AbortController();
            const done = execute(run.id, controller).finally(() => {
              active.delete(run.id);
              wakeUp?.();
            });
            active.set(run.id, { controller, done });
          }
        } catch (error) {
          log(`worker ${id}: could not claim a run: ${(error as Error).message}`);
        }
      }
      if (claimed) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  const looping = loop();
  return {
    id,
    queue: 'sqlite',
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      wakeUp?.();
      for (const { controller } of active.values()) controller.abort('shutdown');
      await Promise.all([looping, ...[...active.values()].map((a) => a.done)]);
    },
  };
}
