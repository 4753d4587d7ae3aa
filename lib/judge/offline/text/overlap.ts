import { stem } from './stem';
import type { Term } from './analyse';
import { informativeness } from './frequency';
import { GENERIC_NOUNS, RATING } from './lexicon';
import { synonymStems } from './wordnet';

/** The stems and numbers of a span of text, for membership tests. */
export interface Bag {
  stems: Set<string>;
  values: Set<number>;
  /** Initials of multi-word names ("nyc") and joined word pairs ("wallstreet"). */
  joined: Set<string>;
}

function parts(term: Term): string[] {
  return term.norm.includes('-') ? term.norm.split('-').filter(Boolean).map(stem) : [];
}

const emptyBag = (): Bag => ({ stems: new Set(), values: new Set(), joined: new Set() });

export function bagOf(terms: readonly Term[]): Bag {
  const bag = emptyBag();
  let run: Term[] = [];
  const closeRun = (): void => {
    for (let len = 2; len <= Math.min(5, run.length); len++) {
      for (let i = 0; i + len <= run.length; i++) bag.joined.add(run.slice(i, i + len).map((t) => t.norm[0]).join(''));
    }
    run = [];
  };
  terms.forEach((t, i) => {
    bag.stems.add(t.stem);
    for (const p of parts(t)) bag.stems.add(p);
    if (t.value !== null) bag.values.add(t.value);
    if (i > 0) bag.joined.add(terms[i - 1].norm + t.norm);
    if (t.name || (t.content && /^\p{Lu}/u.test(t.text))) run.push(t);
    else if (!['of', 'and', 'the', 'for'].includes(t.norm) || run.length === 0) closeRun();
  });
  closeRun();
  return bag;
}

export function mergeBags(bags: readonly Bag[]): Bag {
  const out = emptyBag();
  for (const b of bags) {
    for (const s of b.stems) out.stems.add(s);
    for (const v of b.values) out.values.add(v);
    for (const j of b.joined) out.joined.add(j);
  }
  return out;
}

const isYear = (v: number): boolean => Number.isInteger(v) && v >= 1000 && v <= 2100;

/** Equal numbers, or large non-year numbers within 5% of each other ("8.5 million" ~ 8,537,673). */
export function sameNumber(a: number, b: number): boolean {
  if (a === b) return true;
  if (isYear(a) || isYear(b) || Math.abs(a) < 100 || Math.abs(b) < 100) return false;
  return Math.abs(a - b) <= 0.05 * Math.max(Math.abs(a), Math.abs(b));
}

export function holdsValue(bag: Bag, value: number): boolean {
  if (bag.values.has(value)) return true;
  for (const v of bag.values) if (sameNumber(v, value)) return true;
  return false;
}

/** Does the bag hold this term (by stem, hyphenated parts, initials or joined words, or value)? */
export function holds(bag: Bag, term: Term): boolean {
  if (term.value !== null) return holdsValue(bag, term.value);
  if (bag.stems.has(term.stem)) return true;
  const p = parts(term);
  if (p.length > 0 && p.every((s) => bag.stems.has(s))) return true;
  if (term.norm.length >= 2 && bag.joined.has(term.norm.replace(/[^\p{L}\p{N}]/gu, ''))) return true;
  // A name is not paraphrased; nor is a rating, whose synonyms ("cool", "good", "fine") span
  // senses that say nothing about one another.
  if (term.name || RATING.has(term.norm)) return false;
  for (const s of synonymStems(term.norm)) if (bag.stems.has(s)) return true;
  return false;
}

/** Content terms, one per stem. */
export function contentTerms(terms: readonly Term[]): Term[] {
  const seen = new Set<string>();
  return terms.filter((t) => t.content && !seen.has(t.stem) && (seen.add(t.stem), true));
}

/**
 * Names and numbers weigh most: they carry the facts a reply can get wrong. A rating ("great",
 * "loved") weighs fully, since an evaluation needs a source as much as a fact does; words that
 * only name the kind of thing discussed ("the movie") weigh little. Other words weigh by how
 * rare they are, so "place" counts less than "gauge" or "founded".
 */
export const termWeight = (t: Term): number =>
  t.name || t.value !== null
    ? 2
    : RATING.has(t.norm)
      ? 1
      : GENERIC_NOUNS.has(t.norm)
        ? 0.4
        : informativeness(t.norm);

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

/** A negator governs the first content word within this many words after it. */
const NEGATION_SCOPE = 4;

/** Is a content word that `other` also holds negated in `terms` ("not … mentioned")? */
export function negatesShared(terms: readonly Term[], other: Bag): boolean {
  return terms.some((t, i) => {
    if (!t.negation) return false;
    const target = terms.slice(i + 1, i + 1 + NEGATION_SCOPE).find((u) => u.content);
    return target !== undefined && holds(other, target);
  });
}
