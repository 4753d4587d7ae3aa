import { isPostgresDb } from '../db/db-provider';
import type { Db } from '../db/db-types';
import { stopWithRunWorker } from '../runs/queue/start-run-worker';
import { scoreClosedConversations } from '../online/score-closed-conversations';
import { finishSlice, processPendingBatches, storePendingSlice } from './process-batches';

interface IngestWorker {
  stop(): Promise<void>;
}

/** Batches a slice takes. */
const SLICE_BATCHES = 20;

/**
 * Slices until the backlog is empty, on PostgreSQL two at a time: the next slice's batches are
 * decoded and their facts stored while the conversations of the one before are written (the
 * worker's CPU and the database's overlap). Conversations are still written one slice after the
 * other, in order.
 */
export async function drainPipelined(db: Db, env: Record<string, string | undefined>, limit: number, stopped: () => boolean): Promise<void> {
  let finishing: Promise<void> | null = null;
  try {
    while (!stopped()) {
      const slice = await storePendingSlice(db, { env, limit });
      if (finishing) await finishing;
      finishing = null;
      if (!slice) return;
      finishing = finishSlice(db, slice);
      if (slice.batches < limit) return;
    }
  } finally {
    await finishing;
  }
}

const globalForIngest = globalThis as unknown as { turnwiseIngestWorker?: IngestWorker };

/**
 * Polls for stored OTLP batches and processes them, then (every TURNWISE_ONLINE_POLL_MS, 15 s) lets
 * the online evaluation rules score the conversations that have closed, in this process's worker (the app server's or
 * `npm run worker`). Batches are taken under a lease by a conditional update, so that processes on
 * one PostgreSQL database share them, each batch once. One per process. On SQLite run one worker
 * process (as `npm run dashboard` does): two ingesting into one SQLite file at once were seen to
 * stall, which is not understood yet.
 */
export function startIngestWorker(options: { db: Db; env: Record<string, string | undefined>; log: (message: string) => void }): IngestWorker {
  if (globalForIngest.turnwiseIngestWorker) return globalForIngest.turnwiseIngestWorker;
  const pollMs = Number(options.env.TURNWISE_INGEST_POLL_MS) > 0 ? Number(options.env.TURNWISE_INGEST_POLL_MS) : 1_000;
  const onlineMs = Number(options.env.TURNWISE_ONLINE_POLL_MS) > 0 ? Number(options.env.TURNWISE_ONLINE_POLL_MS) : 15_000;
  const sqlite = !isPostgresDb(options.db);
  let onlineAt = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = (async () => {
      try {
        if (!sqlite) await drainPipelined(options.db, options.env, SLICE_BATCHES, () => stopped);
        // On SQLite (one writer) one slice after the other: a full slice means more are waiting.
        else while (!stopped && (await processPendingBatches(options.db, { env: options.env, limit: SLICE_BATCHES })) === SLICE_BATCHES);
      } catch (error) {
        options.log(`ingest step failed: ${(error as Error).message}`);
      }
      // Online evaluation rules score the conversations that have gone quiet.
      if (!stopped && Date.now() - onlineAt >= onlineMs) {
        onlineAt = Date.now();
        try {
          for (const pass of await scoreClosedConversations({ db: options.db, env: options.env, log: options.log })) {
            if (pass.scored) options.log(`online rule ${pass.ruleId}: scored ${pass.scored} conversation(s), ${pass.superseded} superseded`);
          }
        } catch (error) {
          options.log(`online evaluation step failed: ${(error as Error).message}`);
        }
      }
      if (!stopped) timer = setTimeout(tick, pollMs);
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
