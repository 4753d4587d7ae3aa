/** Why a leased piece of work stopped before its end: cancelled by a user, its lease lost, or the worker shutting down. */
export type StopReason = 'cancelled' | 'lost' | 'shutdown';

export interface LeaseWorkerOptions {
  /** What the log lines call the work ("run", "replay"). */
  noun: string;
  workerId: string;
  log: (line: string) => void;
  /** Pieces of work at once. */
  maxActive: number;
  pollMs: number;
  leaseMs: number;
  /** Takes the next piece of work under this worker's lease; null when there is none. */
  claim: () => Promise<{ id: string; resumed: boolean } | null>;
  /** Renews the lease: 'held', or why it is no longer this worker's. */
  renew: (id: string) => Promise<'held' | 'cancelled' | 'lost'>;
  /** Hands the work back on shutdown, for another worker to take at once. */
  release: (id: string) => Promise<unknown>;
  /**
   * Does the work until its end or the signal; `stopReason()` says why the signal was aborted
   * (null while it was not). It closes the work itself, and never throws.
   */
  execute: (id: string, signal: AbortSignal, stopReason: () => StopReason | null) => Promise<void>;
}

/**
 * The loop of a SQLite worker (runs, replays): claims work while fewer than maxActive are under
 * way, polls every pollMs (at once when woken or when one ends), renews each lease every second
 * (a third of the lease at most), aborts the work when the renewal says it was cancelled or
 * lost, and hands it back on stop.
 */
export function startLeaseWorker(options: LeaseWorkerOptions): { wake(): void; stop(): Promise<void> } {
  const { noun, workerId, log, leaseMs } = options;
  const renewMs = Math.min(1000, leaseMs / 3);
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = false;
  let wakeUp: (() => void) | null = null;

  async function execute(id: string, controller: AbortController): Promise<void> {
    let reason: StopReason | null = null;
    const stop = (why: StopReason) => {
      reason ??= why;
      controller.abort(why);
    };
    let renewing = false;
    const timer = setInterval(() => {
      if (renewing) return;
      renewing = true;
      options
        .renew(id)
        .then((state) => state !== 'held' && stop(state))
        .catch((error: Error) => log(`${noun} ${id}: lease renewal failed: ${error.message}`))
        .finally(() => (renewing = false));
    }, renewMs);
    controller.signal.addEventListener('abort', () => (reason ??= controller.signal.reason as StopReason));
    try {
      await options.execute(id, controller.signal, () => reason);
    } finally {
      clearInterval(timer);
      if (reason === 'shutdown') await Promise.resolve(options.release(id)).catch(() => undefined);
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let claimed = false;
      if (active.size < options.maxActive) {
        try {
          const work = await options.claim();
          if (work && !stopped) {
            claimed = true;
            log(`${noun} ${work.id}: ${work.resumed ? 'resumed' : 'started'} by ${workerId}`);
            const controller = new AbortController();
            const done = execute(work.id, controller).finally(() => {
              active.delete(work.id);
              wakeUp?.();
            });
            active.set(work.id, { controller, done });
          }
        } catch (error) {
          log(`worker ${workerId}: could not claim a ${noun}: ${(error as Error).message}`);
        }
      }
      if (claimed) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
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
      wakeUp?.();
      for (const { controller } of active.values()) controller.abort('shutdown');
      await Promise.all([looping, ...[...active.values()].map((a) => a.done)]);
    },
  };
}
