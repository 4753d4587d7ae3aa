import type { Env } from '../jobs/job-kind';
import type { PeriodicTask } from '../jobs/periodic-worker';
import { drainPendingBatches } from './process-batches';

/** How often the ingest lane looks for stored batches (TURNWISE_INGEST_POLL_MS, 1 s). */
export const ingestPollMs = (env: Env): number => (Number(env.TURNWISE_INGEST_POLL_MS) > 0 ? Number(env.TURNWISE_INGEST_POLL_MS) : 1_000);

/**
 * Ingest slices: the stored OTLP batches decoded, their facts extracted and the live
 * conversations written, 20 batches a slice, slices taken while more are waiting. Batches are
 * taken under a lease by a conditional update, so that processes on one PostgreSQL database
 * share them, each batch once. On SQLite run one worker process (as `npm run dashboard` does):
 * two ingesting into one SQLite file at once were seen to stall, which is not understood yet.
 */
export const ingestSlices: PeriodicTask = {
  name: 'ingest step',
  everyMs: () => 0,
  async run({ db, env, stopped }) {
    await drainPendingBatches(db, { env, limit: 20, stopped });
  },
};
