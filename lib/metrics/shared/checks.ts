/**
 * Checks that a reply holds one entry per input item, numbered 1…count (as a user counts
 * them, and as the prompt numbers them) each once. Returns the problem for the judge's repair
 * retry, or null.
 */
export function checkOnePerItem(entries: { index: number }[], count: number, item: string): string | null {
  if (entries.length !== count) return `Expected exactly ${count} entries, one per ${item}, got ${entries.length}.`;
  const indices = new Set(entries.map((e) => e.index));
  for (let i = 1; i <= count; i++) {
    if (!indices.has(i)) return `Missing the entry with index ${i}; give each ${item} (index 1 to ${count}) exactly once.`;
  }
  return null;
}

/** Entries ordered by their index. */
export const byIndex = <T extends { index: number }>(entries: T[]): T[] => [...entries].sort((a, b) => a.index - b.index);

/** The item a 1-based index names. */
export const itemAt = <T>(items: T[], index: number): T => items[index - 1];
