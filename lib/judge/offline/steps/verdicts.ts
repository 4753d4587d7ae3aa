import type { StepInput, StepOutput } from '../../steps';
import { byItemNumber } from '../../step-items';
import { analyseTerms, type Term } from '../text/analyse';
import { oppositesOf } from '../text/antonyms';
import { bagOf, contentTerms, coverage, holds, mergeBags, negatesShared, termWeight, type Bag } from '../text/overlap';
import { PERSONAL_ELLIPSIS, isPersonal, presupposedTerms } from '../text/speech-acts';
import { offlineReason, quote } from './reason-prefix';
import { defaultSupportModel } from '../model/default-model';
import { ruleOn, supportProbability, type Features, type SupportModel } from '../model/logistic';

type Verdict = StepOutput<'turn_faithfulness.verdicts'>['verdicts'][string];

/** Words this informative (names, numbers, rare words) are the key terms a truth must hold. */
const KEY_WEIGHT = 0.9;
/** From this share of the claim's other words on, a truth speaks of the same thing as the claim. */
const SAME_TOPIC = 0.5;
/** From this share on, a truth makes the same statement as the claim but for the term in question. */
const SAME_STATEMENT = 0.9;

export interface Truth {
  text: string;
  terms: Term[];
  bag: Bag;
}

/** The truth that holds most of the given terms; ties go to the earlier truth. */
function bestTruth(truths: readonly Truth[], content: readonly Term[]): { truth: Truth; cov: number } | null {
  let top: { truth: Truth; cov: number } | null = null;
  for (const truth of truths) {
    const cov = coverage(content, truth.bag);
    if (!top || cov > top.cov + 1e-9) top = { truth, cov };
  }
  return top;
}

const list = (terms: readonly Term[]): string => terms.map((t) => `"${t.text}"`).join(', ');

const SUBJECT_PRONOUNS = new Set(['it', 'he', 'she', 'they', 'its', 'his', 'her', 'their', 'this']);

/** The claim's subject words the context lacks, when the matching truth opens with a pronoun. */
function subjectReferent(terms: readonly Term[], truth: Truth, all: Bag): Term[] {
  if (!truth.terms[0] || !SUBJECT_PRONOUNS.has(truth.terms[0].norm)) return [];
  const verb = terms.findIndex((t) => t.tags.has('Verb'));
  const subject = terms.slice(0, verb < 0 ? 0 : verb).filter((t) => t.content);
  return subject.length > 0 && subject.length <= 3 && subject.every((t) => !holds(all, t)) ? subject : [];
}

const isYear = (t: Term): boolean => t.value !== null && Number.isInteger(t.value) && t.value >= 1000 && t.value <= 2100;

/**
 * A truth about the same thing that states something else in the claim's place: the claim's
 * other content words are mostly in the truth, and the truth has a term of the same kind
 * (a number, a year, a name) that the claim lacks. Returns that truth and its conflicting terms.
 */
function conflictingTruth(
  content: readonly Term[],
  claimBag: Bag,
  truths: readonly Truth[],
  odd: (t: Term) => boolean,
  sameKind: (claimTerm: Term, truthTerm: Term) => boolean,
  all: Bag,
): { claimTerms: Term[]; truth: Truth; truthTerms: Term[] } | null {
  // The truth about the same thing is the one that holds most of the claim's other words.
  const frame = content.filter((t) => !odd(t));
  if (frame.length === 0 || frame.length === content.length) return null;
  const best = bestTruth(truths, frame);
  if (!best || best.cov < SAME_TOPIC) return null;
  const { truth } = best;
  // A term another truth holds may come from it (a reply combines facts); only when this truth
  // makes the same statement ("within 7 days of purchase" against "within 30 days of purchase")
  // does its own term decide.
  const claimTerms = content.filter((t) => odd(t) && !holds(truth.bag, t) && (!holds(all, t) || best.cov >= SAME_STATEMENT));
  if (claimTerms.length === 0) return null;
  const truthTerms = truth.terms.filter((u) => u.content && !holds(claimBag, u) && claimTerms.some((c) => sameKind(c, u)));
  return truthTerms.length > 0 ? { claimTerms, truth, truthTerms } : null;
}

/** Everything the verdict and the support model need to know about one claim (or clause). */
export interface ClaimPart {
  text: string;
  /** Why a truth about the same thing contradicts the claim, if one does. */
  contradiction: string | null;
  features: Features;
  best: { truth: Truth; cov: number } | null;
  /** Content words of the claim the best truth does not hold. */
  unsupported: Term[];
  /** One truth holds every number and name of the claim. */
  anchored: boolean;
}

function analysePart(text: string, terms: readonly Term[], truths: readonly Truth[], all: Bag, model: SupportModel): ClaimPart {
  let content = contentTerms(terms);
  let best = content.length > 0 ? bestTruth(truths, content) : null;
  if (best && ruleOn(model, 'referent')) {
    // "Blue lies between violet and green" against "It lies between violet and green": the
    // truth's pronoun may stand for the claim's subject, which the document never names.
    const referent = subjectReferent(terms, best.truth, all);
    if (referent.length > 0) {
      content = content.filter((t) => !referent.includes(t));
      best = content.length > 0 ? bestTruth(truths, content) : best;
    }
  }
  const claimBag = bagOf(terms);
  const unsupported = best ? content.filter((t) => !holds(best.truth.bag, t)) : content;
  // Verbs and adverbs are paraphrased freely ("consisted of" / "included"); things and names are not.
  const keyMissing = unsupported.filter((t) => termWeight(t) >= KEY_WEIGHT && !t.tags.has('Verb') && !t.tags.has('Adverb'));
  const features: Features = {
    coverage: best?.cov ?? 0,
    unionCoverage: content.length > 0 ? coverage(content, all) : 0,
    keyMissing: Math.min(4, keyMissing.reduce((n, t) => n + termWeight(t), 0)),
    unsupportedWeight: Math.min(5, unsupported.reduce((n, t) => n + termWeight(t), 0)),
    unsupportedCount: Math.min(5, unsupported.length),
    missingNames: Math.min(3, content.filter((t) => t.name && !holds(all, t)).length),
    missingNumbers: Math.min(3, content.filter((t) => t.value !== null && !holds(all, t)).length),
    negation: terms.some((t) => t.negation) ? 1 : 0,
    personal: isPersonal(terms, text) ? 1 : 0,
    size: Math.log1p(content.length),
  };
  const anchored = truths.some((truth) => content.every((t) => (t.value === null && !t.name) || holds(truth.bag, t)));
  return { text, contradiction: best ? contradictionOf(content, terms, claimBag, best, truths, all, model) : null, features, best, unsupported, anchored };
}

/** A contradiction the judge can point to, or null: number, name or date, polarity, antonym. */
function contradictionOf(
  content: readonly Term[],
  terms: readonly Term[],
  claimBag: Bag,
  best: { truth: Truth; cov: number },
  truths: readonly Truth[],
  all: Bag,
  model: SupportModel,
): string | null {
  // A bare phrase ("Target Corporation") asserts no relation a truth could contradict.
  const statement = terms.some((t) => t.tags.has('Verb') || t.tags.has('Copula'));
  if (statement && ruleOn(model, 'numberConflict')) {
    const c = conflictingTruth(content, claimBag, truths, (t) => t.value !== null, (a, b) => b.value !== null && isYear(a) === isYear(b), all);
    if (c) return `The claim says ${list(c.claimTerms)} where the context says ${list(c.truthTerms)}: ${quote(c.truth.text)}.`;
  }
  if (statement && ruleOn(model, 'nameConflict')) {
    const c = conflictingTruth(content, claimBag, truths, (t) => t.name && t.value === null, (_, b) => b.name && b.value === null, all);
    if (c) return `The claim names ${list(c.claimTerms)} where the context names ${list(c.truthTerms)}: ${quote(c.truth.text)}.`;
  }
  if (best.cov < SAME_TOPIC) return null;
  const { truth } = best;
  if (ruleOn(model, 'polarity')) {
    const claimNegates = negatesShared(terms, truth.bag);
    if (claimNegates !== negatesShared(truth.terms, claimBag)) {
      return `${claimNegates ? 'The claim negates what the context asserts' : 'The context negates what the claim asserts'}: ${quote(truth.text)}.`;
    }
  }
  if (ruleOn(model, 'antonym')) {
    const flipped = content.find((t) => !holds(truth.bag, t) && [...oppositesOf(t.stem)].some((o) => truth.bag.stems.has(o)));
    if (flipped) return `The claim says "${flipped.text}" where the context says the opposite: ${quote(truth.text)}.`;
  }
  return null;
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

/** A claim analysed whole and, when it coordinates clauses, clause by clause. */
export interface ClaimAnalysis {
  whole: ClaimPart;
  clauses: ClaimPart[];
}

/** Analyse one claim against the truths; the analysis does not depend on the model's weights. */
export function analyseClaim(claim: string, truths: readonly Truth[], all: Bag, model: SupportModel = defaultSupportModel): ClaimAnalysis {
  const question = /\?["')\]]*$/.test(claim.trim());
  const terms = question ? presupposedTerms(analyseTerms(claim)) : analyseTerms(claim);
  const whole = analysePart(claim, terms, truths, all, model);
  const pieces = question ? [] : clausesOf(terms);
  const clauses = pieces.length < 2 ? [] : pieces.map((c) => analysePart(c.map((t) => t.text).join(' '), c, truths, all, model));
  return { whole, clauses };
}

/**
 * The verdict on an analysed claim. "no" only for a contradiction a truth about the same thing
 * makes; "yes" when one truth supports the claim by the support model (or, for a claim that
 * coordinates clauses, each clause by some truth); otherwise "idk": the context does not cover it.
 */
export function decide(a: ClaimAnalysis, model: SupportModel = defaultSupportModel): { verdict: Verdict['verdict']; reason: string } {
  // A clause loses its subject ("… and takes 1 to 2 days"): its own contradiction counts only
  // when no truth holds every number and name of the whole claim.
  const contradicted = [a.whole, ...(a.whole.anchored ? [] : a.clauses)].find((p) => p.contradiction);
  if (contradicted) return { verdict: 'no', reason: contradicted.contradiction! };
  const { whole } = a;
  if (!whole.best) return { verdict: 'idk', reason: 'The claim has no content the context could confirm or refute.' };
  const supported = (p: ClaimPart): boolean => p.best !== null && supportProbability(model, p.features) >= 0.5;
  if (supported(whole)) {
    return { verdict: 'yes', reason: `Supported by the context: ${quote(whole.best.truth.text)} (${Math.round(whole.best.cov * 100)}% of the claim's content).` };
  }
  if (ruleOn(model, 'clauses') && a.clauses.length >= 2 && a.clauses.every(supported)) {
    const by = a.clauses.map((p) => `${quote(p.text)} by ${quote(p.best!.truth.text)}`).join('; ');
    return { verdict: 'yes', reason: `Supported clause by clause: ${by}.` };
  }
  const missing = whole.unsupported.length > 0 ? ` It does not mention ${list(whole.unsupported.slice(0, 6))}.` : '';
  const personal = whole.features.personal ? ' The claim reports the speaker\'s own experience or taste, which a document cannot confirm.' : '';
  return {
    verdict: 'idk',
    reason: `The context neither supports nor contradicts the claim.${personal}${missing} The closest truth says ${quote(whole.best.truth.text)}.`,
  };
}

export function truthsOf(texts: readonly string[]): { truths: Truth[]; all: Bag } {
  const truths = texts.map((text) => {
    const terms = analyseTerms(text);
    return { text, terms, bag: bagOf(terms) };
  });
  return { truths, all: mergeBags(truths.map((t) => t.bag)) };
}

function judgeClaim(claim: string, truths: readonly Truth[], all: Bag, model: SupportModel): Verdict {
  if (PERSONAL_ELLIPSIS.test(claim.trim())) {
    return { verdict: 'idk', reason: offlineReason('The claim reports the speaker\'s own experience or taste, which a document cannot confirm.') };
  }
  const { verdict, reason } = decide(analyseClaim(claim, truths, all, model), model);
  return { verdict, reason: offlineReason(reason) };
}

export function judgeClaims(input: StepInput<'turn_faithfulness.verdicts'>, model: SupportModel = defaultSupportModel): StepOutput<'turn_faithfulness.verdicts'> {
  const { truths, all } = truthsOf(input.truths);
  return { verdicts: byItemNumber(input.claims.map((claim) => judgeClaim(claim, truths, all, model))) };
}
