import type { Sentence, Term } from './analyse';
import { CLARIFY_CUES, EVALUATIVE, FORMULA, HEDGE_PREFIXES } from './lexicon';

const QUESTION_START = /^(?:what|who|whom|whose|where|when|why|how|which|is|are|am|was|were|do|does|did|can|could|would|will|shall|should|may|might|have|has|had|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|can't|couldn't)\b/i;
const REQUEST = /^(?:please\b|tell me\b|let me know\b|remind me\b|give me\b|send me\b|provide\b|share\b|i(?:'ll| will)? need (?:your|you to)\b|may i (?:have|ask|get)\b|(?:can|could|would|will) you (?:please )?(?:tell|give|send|provide|share|remind|confirm|spell|repeat|type|enter|let)\b)/i;

/** A question or a request for information, by punctuation or by its first words. */
export function isQuestion(text: string): boolean {
  const t = text.trim();
  if (/\?["')\]]*$/.test(t)) return true;
  const bare = stripHedges(t);
  return REQUEST.test(bare) || (QUESTION_START.test(bare) && !/[.!]$/.test(t) && /\b(?:you|your|i|we)\b/i.test(bare));
}

/** A greeting, thanks, leave-taking or bare acknowledgement ("Hi!", "I see.", "Sounds good"). */
export function isFormula(text: string): boolean {
  return FORMULA.test(text.trim());
}

/** Remove leading hedges and discourse markers: "I think that, well, X" → "X". */
export function stripHedges(text: string): string {
  let out = text.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of HEDGE_PREFIXES) {
      const next = out.replace(re, '');
      if (next !== out && next.trim().length > 0) {
        out = next.trim();
        changed = true;
      }
    }
  }
  return out;
}

/** A question that re-checks a value the user gave ("can you double-check?"). */
export function isClarification(text: string): boolean {
  return CLARIFY_CUES.test(text);
}

/**
 * First person singular only: in an assistant's reply "we", "our" and "us" are the
 * organisation's voice ("We ship to Canada"), stating facts a document can support.
 */
const FIRST_PERSON = new Set(['i', 'my', 'me', 'mine', 'myself']);

/** The speaker talks about themself: "I watched it", "my favourite is…". */
export function isFirstPerson(terms: readonly Term[]): boolean {
  const first = terms.find((t) => !t.tags.has('Adverb') && !t.tags.has('Conjunction') && !t.tags.has('Expression'));
  return first !== undefined && FIRST_PERSON.has(first.norm);
}

/** What an assistant does for the user ("I can help", "I found your order") is not a personal story. */
const SERVICE = /^(?:i|we)(?:'ll|'d|'m| am| will| would| can| could| shall| may| might| have| just| also| only)*(?: (?:be )?(?:happy|glad|able|going) to)? (?:help|assist|check|checked|find|found|look|looked|see|recommend|suggest|understand|apologi[sz]e|need|note|noticed|searched|updated|sent|send|confirm|confirmed|booked|scheduled|cancel|cancelled|reset|processed|can|could|will|would)\b/i;

/**
 * The speaker reports their own experience or taste ("I have two dogs", "I loved that
 * scene", "my favourite is…"): something no document can support.
 */
export function isPersonal(terms: readonly Term[], text: string): boolean {
  return isFirstPerson(terms) && !SERVICE.test(text.trim()) && !/\blet me\b/i.test(text);
}

/**
 * A pure opinion: every content word only rates ("They're pretty great!"), or a subject is
 * followed by a copula and a predicate that only rates ("Blue is great", "It's a fun movie").
 */
export function isPureOpinion(sentence: Sentence): boolean {
  const content = sentence.terms.filter((t) => t.content);
  const rates = (t: Term): boolean => EVALUATIVE.has(t.norm) || EVALUATIVE.has(t.stem);
  if (content.length === 0) return false;
  if (content.every(rates) && content.some((t) => !t.name)) return true;
  const copula = sentence.terms.findIndex((t) => t.tags.has('Copula'));
  if (copula < 0) return false;
  const predicate = sentence.terms.slice(copula + 1).filter((t) => t.content);
  const negated = sentence.terms.some((t) => t.negation);
  return !negated && predicate.length > 0 && predicate.every(rates) && predicate.every((t) => t.value === null);
}

/**
 * A reaction to the other speaker's words rather than a view of the subject: "That's so
 * cool!", "This sounds fun", "Sounds great", an exclamative ("How interesting!", "What a
 * story!"), or a rating with no subject at all ("So good!").
 */
export function isReaction(sentence: Sentence): boolean {
  if (/^(?:how|what an?)\b/i.test(sentence.text.trim()) && /!\W*$/.test(sentence.text)) return true;
  const first = sentence.terms.find((t) => !t.tags.has('Adverb') && !t.tags.has('Conjunction') && !t.tags.has('Expression'));
  return !first || ['that', 'this', 'sounds', 'sound', "that's", 'thats'].includes(first.norm) || !sentence.terms.some((t) => t.tags.has('Noun') || t.tags.has('Pronoun') || t.tags.has('Verb'));
}

/**
 * The content a question takes for granted, without the part that asks about the listener:
 * in "Have you ever seen Maleficent?" the verb whose subject is "you" asks, "Maleficent" is
 * presupposed. Words a question about the user's tastes or doings uses ("like", "seen",
 * "tried") say nothing about the world.
 */
export function presupposedTerms(terms: readonly Term[]): Term[] {
  const asking = new Set<Term>();
  terms.forEach((t, i) => {
    if (t.norm !== 'you') return;
    for (let j = i + 1; j < terms.length; j++) {
      const u = terms[j];
      if (u.tags.has('Adverb') || !u.content) continue;
      if (u.tags.has('Verb')) asking.add(u);
      break;
    }
  });
  return terms.filter((t) => !asking.has(t));
}

/**
 * An elliptical answer in which the speaker reports on themself: "I have.", "No, I didn't.",
 * "Me too", "Mine also". The verb or taste it stands for is the previous turn's. "Yes, we do"
 * is the organisation's voice, not a personal report.
 */
export const PERSONAL_ELLIPSIS =
  /^(?:(?:yes|yeah|yep|yea|no|nope|oh|well|sure|haha|lol)\b[\s,.!]*)*(?:i (?:have|had|did|do|am|was|were|would|will|can|could|'ve)(?: not|n't)?(?: (?:too|also|as well|before|once))?|i (?:haven't|hadn't|didn't|don't|wasn't|won't|can't|couldn't|wouldn't)(?: (?:either|yet))?|(?:me|mine|i|my \w+) (?:too|also|as well|neither|either)|same here|so (?:do|did|have|am|was) i|neither (?:do|did|have|am|was) i)[\s.!]*$/i;
