import { envNumber } from '../jobs/env-number';
import type { Env, JobKind } from '../jobs/job-kind';
import { periodicJobKind, type PeriodicTask } from '../jobs/periodic-worker';
import { deliverDueAlerts } from './delivery/deliver-due';
import { evaluateSignals, sweepAlerts } from './evaluate';
import { ALERT_JOBS } from './kind-name';

/** How often the alerts lane looks for signals and due deliveries (TURNWISE_ALERTS_POLL_MS, 2 s); a signal recorded in this process wakes it at once. */
export const alertsPollMs = (env: Env): number => envNumber(env, 'TURNWISE_ALERTS_POLL_MS', 2_000);

const evaluation: PeriodicTask = {
  name: 'alert evaluation',
  everyMs: () => 0,
  async run({ db, log }) {
    await evaluateSignals({ db, log });
  },
};

/** Conditions that change with the clock (windows of hours, the day's spend, a new UTC day), every TURNWISE_ALERTS_SWEEP_MS (60 s). */
const sweep: PeriodicTask = {
  name: 'alert sweep',
  everyMs: (env) => envNumber(env, 'TURNWISE_ALERTS_SWEEP_MS', 60_000),
  async run({ db, log }) {
    await sweepAlerts({ db, log });
  },
};

const delivery: PeriodicTask = {
  name: 'alert delivery',
  everyMs: () => 0,
  async run({ db, env, log, workerId }) {
    await deliverDueAlerts({ db, env, log, workerId });
  },
};

/**
 * Alerts as a kind of background work: a periodic lane of its own (a slow webhook never holds up
 * ingest), which evaluates the signals features recorded, sweeps what changes with the clock and
 * delivers what is due, with retries and back-off. Signals and deliveries are taken under leases,
 * so workers sharing a PostgreSQL database take each once.
 */
export const alertJobs = (): JobKind => periodicJobKind(ALERT_JOBS, alertsPollMs, [evaluation, sweep, delivery]);
