import type { Env, JobKind } from '../jobs/job-kind';
import { envNumber } from '../jobs/env-number';
import { periodicJobKind, type PeriodicTask } from '../jobs/periodic-worker';
import { startDueSchedules } from './due-schedules';

export const SCHEDULE_JOBS = 'schedules';

/** How often the schedules lane looks for due schedules (TURNWISE_SCHEDULE_POLL_MS, 15 s): a start is at most that late. */
export const schedulePollMs = (env: Env): number => envNumber(env, 'TURNWISE_SCHEDULE_POLL_MS', 15_000);

/**
 * Due schedules started: at the lane's first tick, as the process starts (the times missed
 * while no worker ran make one start each schedule), then every poll.
 */
export const dueSchedules: PeriodicTask = {
  name: 'starting due schedules',
  everyMs: () => 0,
  async run({ db, env, log }) {
    for (const { scheduleId, outcome } of await startDueSchedules(db, env, { log })) {
      if (outcome.status === 'started') log(`schedule ${scheduleId}: started ${outcome.replayId ? `replay ${outcome.replayId}` : `run ${outcome.runId}`}`);
    }
  },
};

/** Schedules as a kind of background work: a periodic lane of their own, so that a start never waits behind ingest. */
export const scheduleJobs = (): JobKind => periodicJobKind(SCHEDULE_JOBS, schedulePollMs, [dueSchedules]);
