import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHE_WRITE_BATCH, CACHE_WRITE_DELAY_MS, createCacheBatcher } from './cache-batcher';
import type { JudgeCacheEntry } from './types';

const entry = (n: number): JudgeCacheEntry => ({ raw: `{"n":${n}}`, model: 'm', step: 's', promptTokens: n, completionTokens: 1, messages: [{ role: 'user', content: `q${n}` }] });

/** A store that counts its statements, as the database's cache does one per getMany or setMany. */
function countingStore() {
  const rows = new Map<string, JudgeCacheEntry>();
  const reads: string[][] = [];
  const writes: string[][] = [];
  return {
    rows,
    reads,
    writes,
    get: async (key: string) => rows.get(key) ?? null,
    set: async (key: string, value: JudgeCacheEntry) => void rows.set(key, value),
    getMany: async (keys: readonly string[]) => {
      reads.push([...keys]);
      return new Map(keys.filter((k) => rows.has(k)).map((k) => [k, rows.get(k)!]));
    },
    setMany: async (entries: readonly (readonly [string, JudgeCacheEntry])[]) => {
      writes.push(entries.map(([k]) => k));
      for (const [k, v] of entries) rows.set(k, v);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the cache batcher', () => {
  it('looks up the keys asked for in one turn with one read, and answers each', async () => {
    const store = countingStore();
    store.rows.set('a', entry(1));
    const batcher = createCacheBatcher(store, { deferWrites: true });

    const found = await Promise.all(['a', 'b', 'a', 'c'].map((k) => batcher.get(k)));

    expect(found).toEqual([entry(1), null, entry(1), null]);
    expect(store.reads).toEqual([['a', 'b', 'c']]);
  });

  it('writes every reply, in batches of at most CACHE_WRITE_BATCH, and answers a held one without a read', async () => {
    const store = countingStore();
    const batcher = createCacheBatcher(store, { deferWrites: true });
    const n = CACHE_WRITE_BATCH * 2 + 5;

    for (let i = 0; i < n; i++) void batcher.put(`k${i}`, entry(i));
    expect(await batcher.get(`k${n - 1}`)).toEqual(entry(n - 1));
    expect(store.reads).toEqual([]);
    await batcher.flush();

    expect(store.rows.size).toBe(n);
    expect(store.writes.map((w) => w.length)).toEqual([CACHE_WRITE_BATCH, CACHE_WRITE_BATCH, 5]);
    expect(await batcher.get('k0')).toEqual(entry(0));
  });

  it('writes held replies CACHE_WRITE_DELAY_MS after the first without a flush: a process killed then loses only the later ones', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = countingStore();
    const batcher = createCacheBatcher(store, { deferWrites: true });

    void batcher.put('early-1', entry(1));
    void batcher.put('early-2', entry(2));
    await vi.advanceTimersByTimeAsync(CACHE_WRITE_DELAY_MS);
    void batcher.put('late', entry(3));
    // Killed here, before the next write: what the store holds is what survives.

    expect([...store.rows.keys()]).toEqual(['early-1', 'early-2']);
    await vi.advanceTimersByTimeAsync(CACHE_WRITE_DELAY_MS);
    expect([...store.rows.keys()]).toEqual(['early-1', 'early-2', 'late']);
  });

  it('reports at flush a write the store failed', async () => {
    const store = countingStore();
    const batcher = createCacheBatcher({ ...store, setMany: async () => Promise.reject(new Error('disk on fire')) }, { deferWrites: true });

    void batcher.put('k', entry(1));

    await expect(batcher.flush()).rejects.toThrow('disk on fire');
    await expect(batcher.flush()).resolves.toBeUndefined();
  });

  it('without deferred writes, stores each reply before its put resolves', async () => {
    const store = countingStore();
    const batcher = createCacheBatcher(store, { deferWrites: false });

    await batcher.put('k', entry(1));

    expect(store.rows.get('k')).toEqual(entry(1));
  });
});
