import { providerOf } from '../db/url';
import type { JobKind } from '../jobs/job-kind';
import { startPgBossReplayWorker } from './pg-boss-replay-worker';
import { startSqliteReplayWorker, type ReplayWorkerOptions } from './sqlite-replay-worker';

/** The name replays are registered under (wakeWorkers('replays') after a replay is queued). */
export const REPLAY_JOBS = 'replays';

/**
 * Replays as a kind of background work: chunks of conversations whose assistant turns a target
 * generates again, on the lease worker (SQLite) or pg-boss (PostgreSQL), with slots of their own
 * beside the runs'. `judge` and `retries` replace the fit judge and the targets' retries (tests).
 */
export function replayJobs(options: Pick<ReplayWorkerOptions, 'judge' | 'retries'> = {}): JobKind {
  return {
    name: REPLAY_JOBS,
    start: ({ db, env, url, log, workerId }) =>
      providerOf(url) === 'postgres' ? startPgBossReplayWorker({ db, env, url, log, workerId, ...options }) : startSqliteReplayWorker({ db, env, log, workerId, ...options }),
  };
}
