import { createRequire } from 'node:module';
import type nlpType from 'compromise';
import { normaliseText } from './normalise';
import { stem } from './stem';
import { NEGATION_CUES, STOPWORDS } from './lexicon';

export interface Term {
  text: string;
  /** Lower-cased form without punctuation. */
  norm: string;
  stem: string;
  tags: ReadonlySet<string>;
  /** Carries meaning: not a function word, pronoun, auxiliary or punctuation. */
  content: boolean;
  /** Part of a name: a proper noun, person, place or organisation. */
  name: boolean;
  /** Numeric value of the term, when it is a number (digits or words). */
  value: number | null;
  negation: boolean;
}

export interface Sentence {
  text: string;
  terms: Term[];
}

const FUNCTION_TAGS = ['Pronoun', 'Determiner', 'Preposition', 'Conjunction', 'Copula', 'Auxiliary', 'Modal', 'QuestionWord'];
const NAME_TAGS = ['ProperNoun', 'Person', 'Place', 'Organization', 'Month', 'WeekDay'];
const WORD = /[\p{L}\p{N}]/u;

function parseValue(norm: string, num: number | undefined): number | null {
  // "the late 70's" is the 1970s.
  const decade = norm.match(/^'?(\d)0'?s$/);
  if (decade) return 1900 + Number(decade[1]) * 10;
  if (typeof num === 'number' && Number.isFinite(num)) return num;
  const digits = norm.replace(/,/g, '').match(/^-?\d+(?:\.\d+)?/);
  return digits ? Number(digits[0]) : null;
}

interface RawTerm {
  text: string;
  normal?: string;
  implicit?: string;
  tags?: string[];
  id?: string;
}

function toTerm(raw: RawTerm, values: Map<string, number>): Term | null {
  const text = raw.implicit ?? raw.text;
  const norm = (raw.implicit ?? raw.normal ?? raw.text)
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    // "Nixon's" is Nixon.
    .replace(/(?<=\p{L})'s?$/u, '');
  if (!norm || !WORD.test(norm)) return null;
  const tags = new Set(raw.tags ?? []);
  // "non-Muslim" negates a word, not the clause.
  const negation = (tags.has('Negative') && !norm.includes('-') && norm !== 'non') || NEGATION_CUES.has(norm) || /n't$/.test(norm);
  // "one" is as often a pronoun ("the one who") as a count.
  const isValue = norm !== 'one' && (tags.has('Value') || /^\d/.test(norm));
  const value = isValue ? parseValue(norm, raw.id ? values.get(raw.id) : undefined) : null;
  const functionWord = FUNCTION_TAGS.some((t) => tags.has(t));
  const content = !negation && (value !== null || (!functionWord && !STOPWORDS.has(norm) && norm.length > 1));
  const name = NAME_TAGS.some((t) => tags.has(t)) && !functionWord;
  return { text, norm, stem: value !== null ? String(value) : stem(norm), tags, content, name, value, negation };
}

const memo = new Map<string, Sentence[]>();

/** Sentences of a text with tagged, stemmed terms (memoised: documents recur across calls). */
export function analyse(text: string): Sentence[] {
  const cached = memo.get(text);
  if (cached) return cached;
  const sentences = normaliseText(text)
    .split(MISSED_BOUNDARY)
    .flatMap(analyseChunk)
    .filter((s) => s.text.length > 0);
  if (memo.size > 20_000) memo.clear();
  memo.set(text, sentences);
  return sentences;
}

/**
 * A full stop after a lower-case word and before a capital ends a sentence, even where the
 * tagger joins them ("So do I. I have…"); abbreviations such as "Dr." stay whole.
 */
const MISSED_BOUNDARY = /(?<=(?:\b\p{Ll}{2,}|\bI)[.!?])\s+(?=\p{Lu})/u;

// The tagger's lexicon takes most of a second of CPU to load: loaded on the first analysis, so a
// process that never judges offline (a worker, the CLI's other commands) does not pay for it.
const require = createRequire(import.meta.url);
let tagger: typeof nlpType | null = null;
const nlp = (text: string) => (tagger ??= require('compromise') as typeof nlpType)(text);

function analyseChunk(chunk: string): Sentence[] {
  const doc = nlp(chunk);
  const values = new Map<string, number>();
  // A number may span terms ("twenty five"): every term of it carries the whole value.
  for (const n of doc.numbers().json() as { terms: RawTerm[]; number?: { num?: number } }[]) {
    const num = n.number?.num;
    if (typeof num === 'number') for (const t of n.terms) if (t.id) values.set(t.id, num);
  }
  return (doc.json({ terms: { normal: true } }) as { text: string; terms: RawTerm[] }[]).map((s) => ({
    text: s.text.trim(),
    terms: s.terms.map((t) => toTerm(t, values)).filter((t): t is Term => t !== null),
  }));
}

/** Analyse a text as one unit, whatever its sentence boundaries. */
export function analyseTerms(text: string): Term[] {
  return analyse(text).flatMap((s) => s.terms);
}
