import type { StepInput, StepOutput } from '../../steps';
import { analyseTerms, type Term } from '../text/analyse';
import { oppositesOf } from '../text/antonyms';
import { bagOf, contentTerms, coverage, holds, mergeBags, negatesShared, termWeight, type Bag } from '../text/overlap';
import { PERSONAL_ELLIPSIS, isPersonal, presupposedTerms } from '../text/speech-acts';
import { offlineReason, quote } from '../reason-prefix';

type Verdict = StepOutput<'turn_faithfulness.verdicts'>['verdicts'][number];

/** Weighted share of the claim's content words one truth must hold to support it. */
export const SUPPORT = 0.75;
/** Words this informative (names, numbers, rare words) must all be in the supporting truth. */
const KEY_WEIGHT = 0.9;
/** Unsupported informative weight (about one ordinary word) that makes a claim go beyond its source. */
const UNSUPPORTED = 0.3;
/** From this share on, the best truth is about the same thing, so polarity can be compared. */
const SAME_TOPIC = 0.5;

const PERSONAL_REASON = 'The claim reports the assistant\'s own experience or taste, which no document supports.';

interface Truth {
  text: string;
  terms: Term[];
  bag: Bag;
}

/** The truth that holds most of the claim; ties go to the earlier truth. */
function bestTruth(truths: readonly Truth[], content: readonly Term[]): { truth: Truth; cov: number } | null {
  let top: { truth: Truth; cov: number } | null = null;
  for (const truth of truths) {
    const cov = coverage(content, truth.bag);
    if (!top || cov > top.cov + 1e-9) top = { truth, cov };
  }
  return top;
}

const list = (terms: readonly Term[]): string => terms.map((t) => t.text).join(', ');

const SUBJECT_PRONOUNS = new Set(['it', 'he', 'she', 'they', 'its', 'his', 'her', 'their', 'this']);

/** The claim's subject words the context lacks, when the matching truth opens with a pronoun. */
function subjectReferent(terms: readonly Term[], truth: Truth, all: Bag): Term[] {
  if (!truth.terms[0] || !SUBJECT_PRONOUNS.has(truth.terms[0].norm)) return [];
  const verb = terms.findIndex((t) => t.tags.has('Verb'));
  const subject = terms.slice(0, verb < 0 ? 0 : verb).filter((t) => t.content);
  return subject.length > 0 && subject.length <= 3 && subject.every((t) => !holds(all, t)) ? subject : [];
}

interface Judgement {
  verdict: Verdict['verdict'];
  /** Without the offline prefix. */
  reason: string;
  /** The truth that supports the claim, when the verdict is 'yes'. */
  support?: Truth;
}

/**
 * The claim's terms against the truths. A claim is supported only by a single truth: words
 * gathered from several sentences do not make a statement the source makes.
 */
function judgeTerms(claim: string, terms: readonly Term[], truths: readonly Truth[], all: Bag): Judgement {
  const verdict = (v: Verdict['verdict'], reason: string, support?: Truth): Judgement => ({ verdict: v, reason, support });
  let content = contentTerms(terms);
  let found = content.length > 0 ? bestTruth(truths, content) : null;
  if (found) {
    // "Blue lies between violet and green" against "It lies between violet and green": the
    // truth's pronoun may stand for the claim's subject, which the document never names.
    const referent = subjectReferent(terms, found.truth, all);
    if (referent.length > 0) {
      content = content.filter((t) => !referent.includes(t));
      found = content.length > 0 ? bestTruth(truths, content) : found;
    }
  }
  if (!found) return verdict('idk', 'The claim has no content the context could confirm or refute.');
  const { truth, cov } = found;
  const closest = ` The closest truth says ${quote(truth.text)}.`;

  const numbers = content.filter((t) => t.value !== null && !holds(all, t));
  if (numbers.length > 0) return verdict('no', `The claim states ${list(numbers)}, a number the context does not give.${closest}`);
  const names = content.filter((t) => t.name && !holds(all, t));
  if (names.length > 0) return verdict('no', `The claim names ${list(names)}, which the context does not mention.${closest}`);

  if (cov >= SAME_TOPIC) {
    const claimNegates = negatesShared(terms, truth.bag);
    if (claimNegates !== negatesShared(truth.terms, bagOf(terms))) {
      return verdict('no', `${claimNegates ? 'The claim negates what the context asserts' : 'The context negates what the claim asserts'}: ${quote(truth.text)}.`);
    }
    const flipped = content.find((t) => !holds(truth.bag, t) && [...oppositesOf(t.stem)].some((o) => truth.bag.stems.has(o)));
    if (flipped) return verdict('no', `The claim says "${flipped.text}" where the context says the opposite.${closest}`);
  }
  if (isPersonal(terms, claim)) {
    return verdict('no', PERSONAL_REASON);
  }
  const unsupported = content.filter((t) => !holds(truth.bag, t));
  // Verbs and adverbs are paraphrased freely ("consisted of" / "included"); things and names are not.
  const keyMissing = unsupported.filter((t) => termWeight(t) >= KEY_WEIGHT && !t.tags.has('Verb') && !t.tags.has('Adverb'));
  if (cov >= SUPPORT && keyMissing.length === 0) {
    return verdict('yes', `Supported by the context: ${quote(truth.text)} (${Math.round(cov * 100)}% of the claim's content).`, truth);
  }
  if (unsupported.reduce((n, t) => n + termWeight(t), 0) >= UNSUPPORTED) {
    return verdict('no', `The claim adds ${list(unsupported)}, which the context does not support.${closest}`);
  }
  return verdict('idk', 'The context neither supports nor contradicts the claim.');
}

const COORDINATORS = new Set(['and', 'but']);

/** A verb of a clause's own: not a modal alone, nor a gerund modifying a noun ("hiking boots"). */
const isClauseVerb = (t: Term): boolean => t.tags.has('Verb') && !t.tags.has('Modal') && !t.tags.has('Gerund');

/**
 * The clauses of a coordinated claim ("X and Y", "X, and Y", "X but Y"), split only where both
 * sides have a verb of their own; "apples and pears" or "between violet and green" stay whole.
 * One clause when the claim does not coordinate clauses.
 */
export function clausesOf(terms: readonly Term[]): Term[][] {
  // A statement does not open with a copula or auxiliary ("Am Rong and X were…" is a name).
  const opener = terms[0] && (terms[0].tags.has('Copula') || terms[0].tags.has('Auxiliary')) ? terms[0] : null;
  const hasVerb = (piece: readonly Term[]): boolean => piece.some((t) => t !== opener && isClauseVerb(t));
  const pieces: Term[][] = [[]];
  for (const t of terms) {
    if (COORDINATORS.has(t.norm) && pieces[pieces.length - 1].length > 0) pieces.push([]);
    else pieces[pieces.length - 1].push(t);
  }
  const clauses: Term[][] = [];
  for (const piece of pieces) {
    const last = clauses[clauses.length - 1];
    if (last && (!hasVerb(piece) || !hasVerb(last))) {
      // Join a verbless piece back to its neighbour, with the coordinator that split them.
      const coordinator = terms[terms.indexOf(piece[0]) - 1];
      clauses[clauses.length - 1] = [...last, ...(coordinator ? [coordinator] : []), ...piece];
    } else if (piece.length > 0) clauses.push(piece);
  }
  return clauses;
}

/**
 * One claim against the truths. Support from a single truth is the rule; a claim that
 * coordinates clauses ("X and Y") is also supported when every clause is supported, each by
 * some truth, since each clause is a statement the source makes.
 */
function judgeClaim(index: number, claim: string, truths: readonly Truth[], all: Bag): Verdict {
  const verdict = (v: Verdict['verdict'], text: string): Verdict => ({ index, verdict: v, reason: offlineReason(text) });
  if (PERSONAL_ELLIPSIS.test(claim.trim())) return verdict('no', PERSONAL_REASON);
  const question = /\?["')\]]*$/.test(claim.trim());
  const terms = question ? presupposedTerms(analyseTerms(claim)) : analyseTerms(claim);
  const whole = judgeTerms(claim, terms, truths, all);
  if (whole.verdict === 'yes' || question) return verdict(whole.verdict, whole.reason);
  const clauses = clausesOf(terms);
  if (clauses.length < 2) return verdict(whole.verdict, whole.reason);
  const parts = clauses.map((c) => ({ text: c.map((t) => t.text).join(' '), ...judgeTerms(c.map((t) => t.text).join(' '), c, truths, all) }));
  if (!parts.every((p) => p.verdict === 'yes' && p.support)) return verdict(whole.verdict, whole.reason);
  const by = parts.map((p) => `${quote(p.text)} by ${quote(p.support!.text)}`).join('; ');
  return verdict('yes', `Supported clause by clause: ${by}.`);
}

export function judgeClaims(input: StepInput<'turn_faithfulness.verdicts'>): StepOutput<'turn_faithfulness.verdicts'> {
  const truths = input.truths.map((text) => {
    const terms = analyseTerms(text);
    return { text, terms, bag: bagOf(terms) };
  });
  const all = mergeBags(truths.map((t) => t.bag));
  return { verdicts: input.claims.map((claim, i) => judgeClaim(i, claim, truths, all)) };
}
