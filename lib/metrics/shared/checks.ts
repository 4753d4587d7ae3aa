/**
 * Checks that a reply holds one entry per input item, indices 0…count-1 each once.
 * Returns the problem for the judge's repair retry, or null.
 */
export function checkOnePerItem(entries: { index: number }[], count: number, item: string): string | null {
  if (entries.length !== count) return `Expected exactly ${count} entries, one per ${item}, got ${entries.length}.`;
  const indices = new Set(entries.map((e) => e.index));
  for (let i = 0; i < count; i++) {
    if (!indices.has(i)) return `Missing the entry with index ${i}; give each ${item} (index 0 to ${count - 1}) exactly once.`;
  }
  return null;
}

/** Entries ordered by their index. */
export const byIndex = <T extends { index: number }>(entries: T[]): T[] => [...entries].sort((a, b) => a.index - b.index);
