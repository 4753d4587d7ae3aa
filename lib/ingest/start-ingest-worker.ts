import type { Db } from '../db/db-types';
import { isPassingDbError } from '../db/passing-error';
import { backoffMs, createOutageLog, dbRetryOf } from '../db/retry-passing';
import { stopWithRunWorker } from '../runs/queue/start-run-worker';
import { scoreClosedConversations } from '../online/score-closed-conversations';
import { drainPendingBatches } from './process-batches';
import { keepHoursOf, pruneProcessedBatches } from './prune-batches';

/** How often processed bodies past their kept hours are deleted. */
const PRUNE_MS = 60_000;

interface IngestWorker {
  stop(): Promise<void>;
}

const globalForIngest = globalThis as unknown as { turnwiseIngestWorker?: IngestWorker };

/**
 * Polls for stored OTLP batches and processes them, then (every TURNWISE_ONLINE_POLL_MS, 15 s) lets
 * the online evaluation rules score the conversations that have closed, in this process's worker (the app server's or
 * `npm run worker`). Batches are taken under a lease by a conditional update, so that processes on
 * one PostgreSQL database share them, each batch once. One per process. On SQLite run one worker
 * process (as `npm run dashboard` does): two ingesting into one SQLite file at once were seen to
 * stall, which is not understood yet.
 *
 * While the database fails for a passing reason (away, restarting, read-only, full, busy) the
 * worker says so once, polls again with back-off (TURNWISE_DB_RETRY_MIN_MS, TURNWISE_DB_RETRY_MAX_MS)
 * and says when it is back; batches it had leased are taken again once their lease passes.
 */
export function startIngestWorker(options: { db: Db; env: Record<string, string | undefined>; log: (message: string) => void }): IngestWorker {
  if (globalForIngest.turnwiseIngestWorker) return globalForIngest.turnwiseIngestWorker;
  const pollMs = Number(options.env.TURNWISE_INGEST_POLL_MS) > 0 ? Number(options.env.TURNWISE_INGEST_POLL_MS) : 1_000;
  const onlineMs = Number(options.env.TURNWISE_ONLINE_POLL_MS) > 0 ? Number(options.env.TURNWISE_ONLINE_POLL_MS) : 15_000;
  let onlineAt = 0;
  let prunedAt = 0;
  let prune = true;
  try {
    keepHoursOf(options.env);
  } catch (error) {
    prune = false;
    options.log(`${(error as Error).message}: every received batch is kept`);
  }
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const retry = dbRetryOf(options.env, options.log);
  const outage = createOutageLog('ingest', options.log);
  let failures = 0;
  const tick = () => {
    current = (async () => {
      let passing = false;
      /** A step's failure: a passing one is said once per outage (and the next tick waits longer), any other each time. */
      const failed = (step: string, error: unknown) => {
        if (isPassingDbError(error)) {
          passing = true;
          outage.failed(error);
        } else options.log(`${step} failed: ${(error as Error).message}`);
      };
      try {
        // A full slice means more are waiting: the next one is taken at once.
        await drainPendingBatches(options.db, { env: options.env, limit: 20, stopped: () => stopped });
      } catch (error) {
        failed('ingest step', error);
      }
      // Online evaluation rules score the conversations that have gone quiet.
      if (!stopped && !passing && Date.now() - onlineAt >= onlineMs) {
        onlineAt = Date.now();
        try {
          for (const pass of await scoreClosedConversations({ db: options.db, env: options.env, log: options.log })) {
            if (pass.scored) options.log(`online rule ${pass.ruleId}: scored ${pass.scored} conversation(s), ${pass.superseded} superseded`);
          }
        } catch (error) {
          // Its conversations are scored at the next pass: a pass that failed stored no run for them.
          if (isPassingDbError(error)) onlineAt = 0;
          failed('online evaluation step', error);
        }
      }
      // Bodies processed longer ago than TURNWISE_OTLP_KEEP_HOURS go.
      if (prune && !stopped && !passing && Date.now() - prunedAt >= PRUNE_MS) {
        prunedAt = Date.now();
        try {
          const deleted = await pruneProcessedBatches(options.db, options.env);
          if (deleted) options.log(`deleted ${deleted} processed OTLP batch(es) past TURNWISE_OTLP_KEEP_HOURS`);
        } catch (error) {
          failed('deleting processed OTLP batches', error);
        }
      }
      if (!passing) {
        outage.succeeded();
        failures = 0;
      }
      if (!stopped) timer = setTimeout(tick, passing ? Math.max(pollMs, backoffMs(++failures, retry)) : pollMs);
    })();
  };
  timer = setTimeout(tick, 0);
  const worker: IngestWorker = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      if (globalForIngest.turnwiseIngestWorker === worker) globalForIngest.turnwiseIngestWorker = undefined;
    },
  };
  globalForIngest.turnwiseIngestWorker = worker;
  stopWithRunWorker(() => worker.stop());
  return worker;
}
