import { isPassingDbError } from '../db/passing-error';
import { backoffMs, createOutageLog, dbRetryOf } from '../db/retry-passing';
import type { Env, JobKind, KindWorker, WorkerContext } from './job-kind';

/** One kind of periodic work (an ingest slice, an online scoring pass, a pruning): registered on a periodic lane. */
export interface PeriodicTask {
  /** What its failures are logged as: "ingest step failed: …". */
  readonly name: string;
  /** How often it runs at most, in ms; 0: at every tick of the lane. */
  everyMs(env: Env): number;
  /** False when this process should not run it (a setting it needs is malformed); it says why once. */
  enabled?(context: WorkerContext): boolean;
  run(context: WorkerContext & { stopped: () => boolean }): Promise<void>;
}

/**
 * A lane of periodic work in one process: every `pollMs` its tasks run in order, each when due.
 * The tasks of a lane never overlap (ingest, then the online pass over what it materialised, then
 * pruning), so they share the database's one writer in turn. A task that fails is logged and
 * tried again when next due. While the database fails for a passing reason (away, restarting,
 * read-only, full, busy) the lane says so once, skips the tasks after the failing one, polls
 * again with back-off (TURNWISE_DB_RETRY_MIN_MS, TURNWISE_DB_RETRY_MAX_MS) and says when it is
 * back; a task that met the failure is due again at once.
 */
export function periodicJobKind(name: string, pollMs: (env: Env) => number, tasks: readonly PeriodicTask[]): JobKind {
  return { name, start: (context) => startPeriodicWorker(name, context, pollMs(context.env), tasks) };
}

function startPeriodicWorker(name: string, context: WorkerContext, pollMs: number, tasks: readonly PeriodicTask[]): KindWorker {
  const { env, log } = context;
  const enabled = tasks.filter((task) => task.enabled?.(context) ?? true);
  const lastRun = new Map<PeriodicTask, number>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const retry = dbRetryOf(env, log);
  const outage = createOutageLog(name, log);
  let failures = 0;
  let ticking = false;
  let woken = false;
  const taskContext = { ...context, stopped: () => stopped };

  const tick = () => {
    ticking = true;
    woken = false;
    current = (async () => {
      let passing = false;
      for (const task of enabled) {
        if (stopped || passing) break;
        const every = task.everyMs(env);
        if (every > 0 && Date.now() - (lastRun.get(task) ?? 0) < every) continue;
        lastRun.set(task, Date.now());
        try {
          await task.run(taskContext);
        } catch (error) {
          // A failure is said once per outage (and the next tick waits longer), any other each time.
          if (isPassingDbError(error)) {
            passing = true;
            outage.failed(error);
            // Its work was not done: due again at the next tick.
            lastRun.delete(task);
          } else log(`${task.name} failed: ${(error as Error).message}`);
        }
      }
      if (!passing) {
        outage.succeeded();
        failures = 0;
      }
      ticking = false;
      // Woken while it ran (work was queued meanwhile): again at once, unless the database is away.
      if (!stopped) timer = setTimeout(tick, passing ? Math.max(pollMs, backoffMs(++failures, retry)) : woken ? 0 : pollMs);
    })();
  };
  timer = setTimeout(tick, 0);
  return {
    // Work was queued: the lane runs now instead of at its next poll (its tasks still run only when due).
    wake() {
      if (stopped) return;
      if (ticking) {
        woken = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
