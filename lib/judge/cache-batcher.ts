import type { JudgeCache, JudgeCacheEntry } from './types';

/** Replies held before they are written together. */
export const CACHE_WRITE_BATCH = 64;
/** The longest a reply waits to be written: what a process killed outright can lose of its replies. */
export const CACHE_WRITE_DELAY_MS = 200;

export interface CacheBatcher {
  /** The stored entry, or one written here and not yet stored; lookups made in the same event-loop turn share one read. */
  get(key: string): Promise<JudgeCacheEntry | null>;
  /** Deferring writes: holds the entry for the next write and resolves at once. Else: writes it and resolves once it is stored. */
  put(key: string, entry: JudgeCacheEntry): Promise<void>;
  /** Writes what is held and waits for every write begun; rejects with a write's error other than a passing one (those the store swallows). */
  flush(): Promise<void>;
}

/**
 * Reads and writes of a batch-capable cache gathered into few statements, so that a judge call
 * no longer waits for a read and a write of its own (on SQLite each write was a transaction with
 * its own sync to disk, on the event loop). Lookups asked in the same turn go as one getMany.
 * With `deferWrites` (work that calls flush when it ends: runs, replays, turnwise eval), replies
 * are held and written by setMany once CACHE_WRITE_BATCH are held or CACHE_WRITE_DELAY_MS after
 * the first, and at flush; a held or written-but-unconfirmed reply answers lookups from memory,
 * so a request asked again meanwhile is never sent twice. The timer keeps the process alive
 * until the write, so a process that ends normally loses nothing; one killed outright loses at
 * most the replies of its last CACHE_WRITE_DELAY_MS, which a resumed run asks again. Without
 * it, each reply is written before its call returns, as a caller that reads the store right
 * after expects.
 */
export function createCacheBatcher(cache: Required<JudgeCache>, { deferWrites }: { deferWrites: boolean }): CacheBatcher {
  const held = new Map<string, JudgeCacheEntry>();
  const writing = new Map<string, JudgeCacheEntry>();
  const writes = new Set<Promise<void>>();
  let failure: unknown = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lookups: Map<string, ((entry: JudgeCacheEntry | null) => void)[]> | null = null;
  let lookupFailed: ((error: unknown) => void)[] = [];

  function write(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (held.size === 0) return Promise.resolve();
    const batch = [...held];
    held.clear();
    for (const [key, entry] of batch) writing.set(key, entry);
    const done = cache
      .setMany(batch)
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        for (const [key, entry] of batch) if (writing.get(key) === entry) writing.delete(key);
        writes.delete(done);
      });
    writes.add(done);
    return done;
  }

  function lookUp(): void {
    const waiting = lookups!;
    const failed = lookupFailed;
    lookups = null;
    lookupFailed = [];
    cache.getMany([...waiting.keys()]).then(
      (found) => {
        for (const [key, resolvers] of waiting) for (const resolve of resolvers) resolve(held.get(key) ?? writing.get(key) ?? found.get(key) ?? null);
      },
      (error: unknown) => {
        for (const reject of failed) reject(error);
      },
    );
  }

  return {
    get(key) {
      const known = held.get(key) ?? writing.get(key);
      if (known) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        if (!lookups) {
          lookups = new Map();
          setImmediate(lookUp);
        }
        const resolvers = lookups.get(key);
        if (resolvers) resolvers.push(resolve);
        else lookups.set(key, [resolve]);
        lookupFailed.push(reject);
      });
    },
    async put(key, entry) {
      if (!deferWrites) return cache.set(key, entry);
      held.set(key, entry);
      if (held.size >= CACHE_WRITE_BATCH) void write();
      else timer ??= setTimeout(() => void write(), CACHE_WRITE_DELAY_MS);
    },
    async flush() {
      void write();
      while (writes.size > 0) await Promise.all(writes);
      if (failure !== null) {
        const error = failure;
        failure = null;
        throw error;
      }
    },
  };
}
