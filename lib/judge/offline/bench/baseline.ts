import { eng } from 'stopword';
import { binaryStats, type BinaryStats } from './stats';

const stopwords = new Set(eng);

/** Lower-cased words that are not stopwords: the plainest notion of content words. */
function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !stopwords.has(w));
}

/** Share of the reply's content words that occur in the knowledge; 1 with none. */
export function overlapShare(reply: string, knowledge: string): number {
  const known = new Set(words(knowledge));
  const own = words(reply);
  return own.length === 0 ? 1 : own.filter((w) => known.has(w)).length / own.length;
}

/**
 * The bag-of-words rule "faithful when overlap ≥ cut-off", with the cut-off that maximises
 * balanced accuracy on the very data it is scored on (an optimistic baseline).
 */
export function tunedOverlapBaseline(shares: readonly number[], labels: readonly boolean[]): { cutoff: number; stats: BinaryStats } {
  const candidates = [...new Set(shares)].sort((a, b) => a - b);
  let top = { cutoff: 0, stats: binaryStats(labels, shares.map(() => true)) };
  for (const cutoff of candidates) {
    const stats = binaryStats(labels, shares.map((s) => s >= cutoff));
    if (stats.balancedAccuracy > top.stats.balancedAccuracy) top = { cutoff, stats };
  }
  return top;
}
