import type { JudgeCache, JudgeCacheEntry } from './types';

/** A JudgeCache in a Map, for tests, the CLI and one-off runs. Entries are copied in and out. */
export function createMemoryJudgeCache(): JudgeCache & { readonly size: number } {
  const entries = new Map<string, JudgeCacheEntry>();
  return {
    async get(key) {
      const entry = entries.get(key);
      return entry ? structuredClone(entry) : null;
    },
    async set(key, entry) {
      entries.set(key, structuredClone(entry));
    },
    get size() {
      return entries.size;
    },
  };
}
