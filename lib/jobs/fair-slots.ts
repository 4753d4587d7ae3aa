/** A slot taken from FairSlots: give it back exactly once (more calls do nothing). */
export type SlotRelease = () => void;

export interface FairSlots {
  /**
   * Waits for a free slot. Slots are handed out in the order they were asked for, so a job
   * that takes a slot per chunk and asks again after each one queues behind every other job
   * waiting: chunks are taken round-robin across the jobs. Rejects when `signal` aborts first.
   */
  take(signal?: AbortSignal): Promise<SlotRelease>;
  /** Slots in use. */
  busy(): number;
  /** Requests waiting for a slot. */
  waiting(): number;
}

/** `size` slots shared by the jobs of one kind in one worker (the engine's fairness rule within a kind). */
export function createFairSlots(size: number): FairSlots {
  const limit = Math.max(1, Math.floor(size));
  let busy = 0;
  const queue: { grant: (release: SlotRelease) => void }[] = [];

  const release = (): SlotRelease => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = queue.shift();
      if (next) next.grant(release());
      else busy--;
    };
  };

  return {
    take(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason ?? 'aborted')));
      if (busy < limit && queue.length === 0) {
        busy++;
        return Promise.resolve(release());
      }
      return new Promise<SlotRelease>((resolve, reject) => {
        const waiter = {
          grant: (slot: SlotRelease) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(slot);
          },
        };
        const onAbort = () => {
          const at = queue.indexOf(waiter);
          if (at !== -1) queue.splice(at, 1);
          reject(signal!.reason instanceof Error ? signal!.reason : new Error(String(signal!.reason ?? 'aborted')));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
      });
    },
    busy: () => busy,
    waiting: () => queue.length,
  };
}

/**
 * How many jobs of a kind a SQLite worker holds per slot: enough that a job queued behind long
 * ones is taken and gets its turn at the next chunk, few enough that a second worker process on
 * the same database still finds work.
 */
export const HELD_PER_SLOT = 2;
