import { isPassingDbError } from '../db/passing-error';
import { backoffMs, createOutageLog, dbRetryOf, describePassing } from '../db/retry-passing';
import { createFairSlots, type FairSlots } from './fair-slots';
import { registerHeldJobs } from './held-jobs';

/** Why a leased piece of work stopped before its end: cancelled by a user, its lease lost, or the worker shutting down. */
export type StopReason = 'cancelled' | 'lost' | 'shutdown';

export interface LeaseWorkerOptions {
  /** What the log lines call the work ("run", "replay"). */
  noun: string;
  workerId: string;
  log: (line: string) => void;
  /** Pieces of work held at once (claimed, under this worker's lease). */
  maxActive: number;
  /**
   * Chunks of them in progress at once, taken in turn across the pieces of work held (FairSlots):
   * a piece of work waits for a chunk, never for all the work of another. maxActive when absent.
   */
  slots?: number;
  pollMs: number;
  leaseMs: number;
  /** The back-off settings for a database that blinks (TURNWISE_DB_RETRY_MIN_MS, TURNWISE_DB_RETRY_MAX_MS). */
  env: Record<string, string | undefined>;
  /** Takes the next piece of work under this worker's lease; null when there is none. */
  claim: () => Promise<{ id: string; resumed: boolean } | null>;
  /** Renews the lease: 'held', or why it is no longer this worker's. */
  renew: (id: string) => Promise<'held' | 'cancelled' | 'lost'>;
  /** Hands the work back on shutdown, for another worker to take at once. */
  release: (id: string) => Promise<unknown>;
  /**
   * Does the work until its end or the signal, taking a slot of `slots` for each chunk;
   * `stopReason()` says why the signal was aborted (null while it was not). It closes the work
   * itself, and never throws.
   */
  execute: (id: string, signal: AbortSignal, stopReason: () => StopReason | null, slots: FairSlots) => Promise<void>;
}

/**
 * Ends a piece of work that failed. A passing database failure (the file read-only or its writes
 * refused, the database busy or away) is no failure of the work: it is handed back, to be resumed
 * (by this worker or another) once the database takes writes again, what it stored kept. Any
 * other failure fails it with its message.
 */
export async function endFailedWork(error: unknown, work: { noun: string; id: string; log: (line: string) => void; release: () => Promise<unknown>; fail: (message: string) => Promise<unknown> }): Promise<void> {
  if (isPassingDbError(error)) {
    work.log(`${work.noun} ${work.id}: handed back: ${describePassing(error)}; it resumes once the database takes writes again`);
    // Released when the database allows it; else its lease runs out.
    await work.release().catch(() => undefined);
    return;
  }
  const message = (error as Error).message;
  work.log(`${work.noun} ${work.id}: failed: ${message}`);
  await work.fail(message).catch(() => undefined);
}

/**
 * The loop of a SQLite worker (runs, replays): claims work while fewer than maxActive are under
 * way, polls every pollMs (at once when woken or when one ends), renews each lease every second
 * (a third of the lease at most), aborts the work when the renewal says it was cancelled or
 * lost (or at once when it is cancelled in this process: held-jobs.ts), and hands it back on
 * stop. The work held shares `slots` chunk slots, taken in turn. While the database fails for a
 * passing reason (read-only, busy, away) it says so once, looks again with back-off, and says
 * when it is back.
 */
export function startLeaseWorker(options: LeaseWorkerOptions): { wake(): void; stop(): Promise<void> } {
  const { noun, workerId, log, leaseMs } = options;
  const renewMs = Math.min(1000, leaseMs / 3);
  const retry = dbRetryOf(options.env, log);
  const claiming = createOutageLog(`worker ${workerId}: taking ${noun}s`, log);
  let claimFailures = 0;
  const active = new Map<string, { controller: AbortController; done: Promise<void>; stop: (why: StopReason) => void }>();
  const slots = createFairSlots(options.slots ?? options.maxActive);
  /** Work claimed again while its execution here was still ending. */
  const reclaimed = new Set<string>();
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  const unregister = registerHeldJobs(noun, (id) => {
    const work = active.get(id);
    work?.stop('cancelled');
    return work !== undefined;
  });

  async function execute(id: string, controller: AbortController, stoppers: { stop: (why: StopReason) => void }): Promise<void> {
    let reason: StopReason | null = null;
    const stop = (why: StopReason) => {
      reason ??= why;
      controller.abort(why);
    };
    stoppers.stop = stop;
    let renewing = false;
    const timer = setInterval(() => {
      if (renewing) return;
      renewing = true;
      options
        .renew(id)
        .then((state) => state !== 'held' && stop(state))
        // A database that blinks is said by the claims' and the writes' own lines; the lease is renewed at the next turn.
        .catch((error: Error) => isPassingDbError(error) || log(`${noun} ${id}: lease renewal failed: ${error.message}`))
        .finally(() => (renewing = false));
    }, renewMs);
    controller.signal.addEventListener('abort', () => (reason ??= controller.signal.reason as StopReason));
    try {
      await options.execute(id, controller.signal, () => reason, slots);
    } finally {
      clearInterval(timer);
      if (reason === 'shutdown') await Promise.resolve(options.release(id)).catch(() => undefined);
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let claimed = false;
      let waitMs = options.pollMs;
      if (active.size < options.maxActive) {
        try {
          const work = await options.claim();
          claimFailures = 0;
          claiming.succeeded();
          // Work of its own is taken back by the claim while it is still under way here: its lease
          // ran out while the database was away (it goes on), or it was cancelled and queued again
          // before its last execution ended. It is not started a second time: once that execution
          // ends it is handed back, and taken again (it may be queued anew).
          if (work && !stopped && active.has(work.id)) reclaimed.add(work.id);
          else if (work && !stopped) {
            claimed = true;
            log(`${noun} ${work.id}: ${work.resumed ? 'resumed' : 'started'} by ${workerId}`);
            const controller = new AbortController();
            const stoppers = { stop: (why: StopReason) => controller.abort(why) };
            const done = execute(work.id, controller, stoppers).finally(async () => {
              active.delete(work.id);
              if (reclaimed.delete(work.id) && !stopped) await Promise.resolve(options.release(work.id)).catch(() => undefined);
              wakeUp?.();
            });
            active.set(work.id, { controller, done, stop: (why) => stoppers.stop(why) });
          }
        } catch (error) {
          if (isPassingDbError(error)) {
            waitMs = Math.max(options.pollMs, backoffMs(++claimFailures, retry));
            claiming.failed(error, waitMs);
          } else log(`worker ${workerId}: could not claim a ${noun}: ${(error as Error).message}`);
        }
      }
      if (claimed) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
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
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      unregister();
      wakeUp?.();
      for (const { controller } of active.values()) controller.abort('shutdown');
      await Promise.all([looping, ...[...active.values()].map((a) => a.done)]);
    },
  };
}
