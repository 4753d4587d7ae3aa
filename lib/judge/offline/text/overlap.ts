import { stem } from './stem';
import type { Term } from './analyse';

/** The stems, names and numbers of a span of text, for membership tests. */
export interface Bag {
  stems: Set<string>;
  values: Set<number>;
  negations: number;
}

function parts(term: Term): string[] {
  return term.norm.includes('-') ? term.norm.split('-').filter(Boolean).map(stem) : [];
}

export function bagOf(terms: readonly Term[]): Bag {
  const bag: Bag = { stems: new Set(), values: new Set(), negations: 0 };
  for (const t of terms) {
    if (t.negation) bag.negations += 1;
    bag.stems.add(t.stem);
    for (const p of parts(t)) bag.stems.add(p);
    if (t.value !== null) bag.values.add(t.value);
  }
  return bag;
}

export function mergeBags(bags: readonly Bag[]): Bag {
  const out: Bag = { stems: new Set(), values: new Set(), negations: 0 };
  for (const b of bags) {
    for (const s of b.stems) out.stems.add(s);
    for (const v of b.values) out.values.add(v);
    out.negations += b.negations;
  }
  return out;
}

/** Does the bag hold this term (by stem, by its hyphenated parts, or by numeric value)? */
export function holds(bag: Bag, term: Term): boolean {
  if (term.value !== null) return bag.values.has(term.value);
  if (bag.stems.has(term.stem)) return true;
  const p = parts(term);
  return p.length > 0 && p.every((s) => bag.stems.has(s));
}

/** Content terms, one per stem. */
export function contentTerms(terms: readonly Term[]): Term[] {
  const seen = new Set<string>();
  return terms.filter((t) => t.content && !seen.has(t.stem) && (seen.add(t.stem), true));
}

/** Names and numbers weigh double: they carry the facts a reply can get wrong. */
export const termWeight = (t: Term): number => (t.name || t.value !== null ? 2 : 1);

/** Weighted share of `terms` that the bag holds; 0 when there are none. */
export function coverage(terms: readonly Term[], bag: Bag): number {
  let total = 0;
  let hit = 0;
  for (const t of terms) {
    const w = termWeight(t);
    total += w;
    if (holds(bag, t)) hit += w;
  }
  return total === 0 ? 0 : hit / total;
}
