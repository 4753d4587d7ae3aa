import { stemmer } from 'stemmer';

const cache = new Map<string, string>();

/** Porter stem of a lower-cased word (memoised: the same words recur across documents). */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  let out = cache.get(lower);
  if (out === undefined) {
    out = stemmer(lower);
    if (cache.size > 50_000) cache.clear();
    cache.set(lower, out);
  }
  return out;
}
