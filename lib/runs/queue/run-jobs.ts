import { providerOf } from '../../db/url';
import type { JobKind } from '../../jobs/job-kind';
import type { Judge } from '../../judge/types';
import { startPgBossRunWorker } from './pg-boss-run-worker';
import { startSqliteRunWorker } from './sqlite-run-worker';

/** The name runs are registered under (wakeWorkers('runs') after a run is queued). */
export const RUN_JOBS = 'runs';

/**
 * Runs as a kind of background work: chunks of conversations scored with the run's judge, on the
 * lease worker (SQLite) or pg-boss (PostgreSQL). `judge` replaces every run's judge (tests).
 */
export function runJobs(options: { judge?: Judge } = {}): JobKind {
  return {
    name: RUN_JOBS,
    start: ({ db, env, url, log, workerId }) =>
      providerOf(url) === 'postgres' ? startPgBossRunWorker({ db, env, url, log, workerId, judge: options.judge }) : startSqliteRunWorker({ db, env, log, workerId, judge: options.judge }),
  };
}
