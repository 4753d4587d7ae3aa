import { setMaxListeners } from 'node:events';

/**
 * Signals that a cancel aborts, one per `size` requests rather than one per request: the HTTP
 * clients leave a listener on the signal they are given (so one signal for a whole chunk would
 * gather thousands), and a signal of its own per request cost a controller, two listeners and a
 * removal per call. A batch's signal is dropped once its requests have ended.
 */
export function createCancelBatches(cancel: AbortSignal, size = 64) {
  interface Batch {
    controller: AbortController;
    used: number;
    open: number;
  }
  const live = new Set<Batch>();
  let current: Batch | null = null;
  const abortAll = () => {
    for (const batch of live) batch.controller.abort(cancel.reason);
  };
  cancel.addEventListener('abort', abortAll, { once: true });

  return {
    async run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
      if (!current || current.used >= size) {
        if (current?.open === 0) live.delete(current);
        const controller = new AbortController();
        // Up to a few listeners per request (the SDK's, fetch's): not a leak.
        setMaxListeners(size * 4, controller.signal);
        if (cancel.aborted) controller.abort(cancel.reason);
        current = { controller, used: 0, open: 0 };
        live.add(current);
      }
      const batch = current;
      batch.used++;
      batch.open++;
      try {
        return await call(batch.controller.signal);
      } finally {
        if (--batch.open === 0 && batch !== current) live.delete(batch);
      }
    },
    /** Stops listening to the cancel (the chunk has ended). */
    close(): void {
      cancel.removeEventListener('abort', abortAll);
      live.clear();
      current = null;
    },
  };
}
