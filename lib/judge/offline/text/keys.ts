import { analyseTerms } from './analyse';
import { STOPWORDS } from './lexicon';
import { stem } from './stem';

/** Content stems of a key phrase: "your full name" → ["full", "name"]. */
export function keyStems(phrase: string): string[] {
  return phrase
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOPWORDS.has(w))
    .map(stem);
}

/**
 * Two key phrases name the same thing when one's words all occur in the other and they share
 * the head (last) word: "name" ~ "full name", "account number" ~ "bank account number", but
 * not "phone number" ~ "account number".
 */
export function sameKey(a: string, b: string): boolean {
  const sa = keyStems(a);
  const sb = keyStems(b);
  if (sa.length === 0 || sb.length === 0) return false;
  if (sa[sa.length - 1] !== sb[sb.length - 1]) return false;
  const [short, long] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  return short.every((s) => long.includes(s));
}

/** A value as compared across turns: lower-case letters and digits only. */
export function valueKey(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Does the text contain this value (digits compared without spaces or dashes)? */
export function mentionsValue(text: string, value: string): boolean {
  const v = valueKey(value);
  if (v.length === 0) return false;
  return valueKey(text).includes(v);
}

/** Person names in a text, by the tagger. */
export function personNames(text: string): string[] {
  return analyseTerms(text)
    .filter((t) => t.tags.has('Person') || (t.tags.has('ProperNoun') && !t.tags.has('Place')))
    .map((t) => t.text);
}
