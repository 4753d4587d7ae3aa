import { analyseTerms, type Term } from '../text/analyse';

/** What an edit changed to make a reply contradict its knowledge. */
export type ContradictionKind = 'number' | 'date' | 'name' | 'negation';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** Replies are short; a longer one is cut before any pattern reads it. */
const BOUND = 1000;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A number the knowledge also states, changed: a year moves by seven, any other number by about a third. */
function changeNumber(reply: string, knowledge: string): string | null {
  for (const m of reply.matchAll(/\b\d{1,3}(?:,\d{3})+\b|\b\d+(?:\.\d+)?\b/g)) {
    if (!new RegExp(`(?<![\\d.,])${escape(m[0])}(?![\\d]|[.,]\\d)`).test(knowledge)) continue;
    const n = Number(m[0].replace(/,/g, ''));
    const year = /^\d{4}$/.test(m[0]) && n >= 1000 && n <= 2100;
    const changed = year ? n + (n > 2015 ? -7 : 7) : n + Math.max(3, Math.round(n / 3));
    return reply.slice(0, m.index) + (m[0].includes(',') ? changed.toLocaleString('en-US') : String(changed)) + reply.slice(m.index + m[0].length);
  }
  return null;
}

/** A month the knowledge also names, swapped for the one half a year away. */
function changeMonth(reply: string, knowledge: string): string | null {
  const lower = knowledge.toLowerCase();
  for (const m of reply.matchAll(/\b(?:January|February|March|April|June|July|August|September|October|November|December)\b/g)) {
    if (!lower.includes(m[0].toLowerCase())) continue;
    const other = MONTHS[(MONTHS.indexOf(m[0].toLowerCase()) + 6) % 12];
    return reply.slice(0, m.index) + capitalised(other) + reply.slice(m.index + m[0].length);
  }
  return null;
}

const KINDS = ['Person', 'Place', 'Organization'] as const;
const kindOf = (t: Term): string => KINDS.find((k) => t.tags.has(k)) ?? 'ProperNoun';
const isName = (t: Term): boolean => t.name && !t.tags.has('Month') && !t.tags.has('WeekDay') && /^\p{Lu}/u.test(t.text) && t.norm.length > 2;

/** A name the knowledge also holds, replaced by a name of the same kind from another conversation's knowledge. */
function changeName(reply: string, knowledge: string, others: readonly Term[]): string | null {
  const known = new Set(analyseTerms(knowledge).filter(isName).map((t) => t.norm));
  const replyNames = analyseTerms(reply).filter((t) => isName(t) && known.has(t.norm));
  for (const t of replyNames) {
    const other = others.find((o) => kindOf(o) === kindOf(t) && !known.has(o.norm) && isName(o));
    const at = reply.search(new RegExp(`\\b${escape(t.text.replace(/[^\p{L}\p{N}'-]/gu, ''))}\\b`, 'u'));
    if (!other || at < 0) continue;
    const word = t.text.replace(/[^\p{L}\p{N}'-]/gu, '');
    return reply.slice(0, at) + other.text.replace(/[^\p{L}\p{N}'-]/gu, '') + reply.slice(at + word.length);
  }
  return null;
}

/** The first "is", "was", "are" or "were" not already negated, negated. */
function negate(reply: string): string | null {
  const m = /\b(is|was|are|were)\b(?!\s+not\b|n't)/i.exec(reply);
  return m ? `${reply.slice(0, m.index + m[0].length)} not${reply.slice(m.index + m[0].length)}` : null;
}

/**
 * A copy of a reply that contradicts its knowledge by one edit, for measuring whether the judge
 * sees contradictions: a number or a month the knowledge states, changed; else a name it holds,
 * swapped for another conversation's; else a statement negated. Null when no edit applies.
 */
export function contradict(reply: string, knowledge: string, otherNames: readonly Term[]): { reply: string; kind: ContradictionKind } | null {
  const text = reply.slice(0, BOUND);
  const facts = knowledge.slice(0, 4 * BOUND);
  const number = changeNumber(text, facts);
  if (number) return { reply: number, kind: 'number' };
  const month = changeMonth(text, facts);
  if (month) return { reply: month, kind: 'date' };
  const name = changeName(text, facts, otherNames);
  if (name) return { reply: name, kind: 'name' };
  const negated = negate(text);
  return negated ? { reply: negated, kind: 'negation' } : null;
}

/** The names of a knowledge text, for `contradict` to swap in elsewhere. */
export const namesOf = (knowledge: string): Term[] => analyseTerms(knowledge.slice(0, 4 * BOUND)).filter(isName);
