/**
 * What a worker holds for one job while its chunks run here (a run's judge, a replay's target):
 * opened by the first chunk, shared by the chunks that run side by side or one after another,
 * and closed once none has used it for `idleMs`, so that a job's next chunk in this worker does
 * not build it again.
 */
export interface SessionCache<S> {
  use<T>(id: string, fn: (session: S) => Promise<T>): Promise<T>;
  /** Closes every session now (the worker stopping). */
  closeAll(): Promise<void>;
}

export function createSessionCache<S>(open: (id: string) => Promise<S>, close: (session: S) => Promise<void>, idleMs = 15_000): SessionCache<S> {
  const entries = new Map<string, { session: Promise<S>; users: number; timer: ReturnType<typeof setTimeout> | null }>();

  async function drop(id: string): Promise<void> {
    const entry = entries.get(id);
    if (!entry || entry.users > 0) return;
    entries.delete(id);
    const session = await entry.session.catch(() => null);
    if (session) await close(session).catch(() => undefined);
  }

  return {
    async use(id, fn) {
      let entry = entries.get(id);
      if (!entry) {
        entry = { session: open(id), users: 0, timer: null };
        entries.set(id, entry);
        // A session that failed to open is not kept: the next chunk tries again.
        entry.session.catch(() => entries.get(id) === entry && entries.delete(id));
      }
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      entry.users++;
      try {
        return await fn(await entry.session);
      } finally {
        entry.users--;
        if (entry.users === 0 && entries.get(id) === entry) {
          entry.timer = setTimeout(() => void drop(id), idleMs);
          entry.timer.unref?.();
        }
      }
    },
    async closeAll() {
      const ids = [...entries.keys()];
      for (const id of ids) {
        const entry = entries.get(id)!;
        if (entry.timer) clearTimeout(entry.timer);
        entry.users = 0;
        await drop(id);
      }
    },
  };
}
