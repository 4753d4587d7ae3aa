import { envNumber } from '../jobs/env-number';
import type { Env, JobKind } from '../jobs/job-kind';
import { periodicJobKind, type PeriodicTask } from '../jobs/periodic-worker';
import { applyRetention, servicesKeepingBodies } from './apply-retention';
import { keepHoursOf, pruneProcessedBatches } from './otlp-default';
import { RETENTION_KINDS } from './retention-kinds';

export const RETENTION_JOBS = 'retention';

/** How often the retention lane runs (TURNWISE_RETENTION_POLL_MS, a minute). */
export const retentionPollMs = (env: Env): number => envNumber(env, 'TURNWISE_RETENTION_POLL_MS', 60_000);

/** Each live dataset's retention setting applied: what is older than it keeps goes. */
export const liveRetention: PeriodicTask = {
  name: 'applying retention',
  everyMs: () => 0,
  async run({ db, log, stopped }) {
    for (const outcome of await applyRetention(db, { log, stopped })) {
      for (const kind of RETENTION_KINDS) {
        const done = outcome.kinds[kind.key];
        if (done?.deleted) log(`${outcome.service}: deleted ${done.deleted} ${done.deleted === 1 ? kind.one : kind.many}`);
        if (done?.waiting) log(`${outcome.service}: ${done.waiting}`);
      }
    }
  },
};

/** Received bodies that no live dataset's own setting covers go TURNWISE_OTLP_KEEP_HOURS after they were processed. */
export const otlpDefaultPruning: PeriodicTask = {
  name: 'deleting processed OTLP batches',
  everyMs: () => 0,
  enabled({ env, log }) {
    try {
      keepHoursOf(env);
      return true;
    } catch (error) {
      log(`${(error as Error).message}: every received batch is kept unless its live dataset's retention says otherwise`);
      return false;
    }
  },
  async run({ db, env, log }) {
    const deleted = await pruneProcessedBatches(db, env, new Date(), await servicesKeepingBodies(db));
    if (deleted) log(`deleted ${deleted} processed OTLP batch(es) past TURNWISE_OTLP_KEEP_HOURS`);
  },
};

/** Retention as a kind of background work: a periodic lane of its own, its deletes short, so that ingest and pages never wait long behind it. */
export const retentionJobs = (): JobKind => periodicJobKind(RETENTION_JOBS, retentionPollMs, [liveRetention, otlpDefaultPruning]);
