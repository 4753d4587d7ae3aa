import type { LandedScore, PeerScore } from '../../datasets/peers/pieces';

/*
 * How another tool's scores become Turnwise scores, in [0, 1] with a pass at 0.5 (docs/moving-from-peers.md
 * says the same to users):
 * - boolean: 1 (true) or 0;
 * - categorical: a category named like a verdict (yes/no, pass/fail, true/false, correct/incorrect,
 *   good/bad, resolved/unresolved…) is 1 or 0; any other category is its stored number, scaled as numbers are;
 * - numeric: as it is when every value of that score name in the file lies in [0, 1]; otherwise
 *   read on the rating scale it fits, the smallest of 1, 5, 10 and 100 at or above its largest
 *   value (the largest value itself past 100), from 0, or from minus the scale when some value is
 *   negative. A 1–5 rating of 4 is 0.8; a 0–10 rating of 3 is 0.3; -1 on a −1…1 scale is 0.
 * The value the tool stored stays beside the score (the result's facts). A score whose name says
 * lower is better (hallucination, toxicity, moderation, bias, harm, frustration) passes at or below
 * 0.5; its score is not turned over, so it reads as the tool showed it.
 */

export const PASS_THRESHOLD = 0.5;

const LOWER_IS_BETTER = /hallucinat|toxic|moderation|bias|harm|frustrat|unsafe|jailbreak|pii/i;

/** Whether a score name says that less is better (Opik's hallucination metric: 1 is a hallucination). */
export const lowerIsBetter = (name: string): boolean => LOWER_IS_BETTER.test(name);

/** Whether a score in [0, 1] passes for this score name. */
export const passes = (name: string, score: number): boolean => (lowerIsBetter(name) ? score <= PASS_THRESHOLD : score >= PASS_THRESHOLD);

const YES = new Set(['yes', 'true', 'pass', 'passed', 'correct', 'good', 'resolved', 'success', 'ok', 'positive', 'relevant', 'faithful', 'accurate', '1']);
const NO = new Set(['no', 'false', 'fail', 'failed', 'incorrect', 'bad', 'unresolved', 'failure', 'negative', 'irrelevant', 'unfaithful', 'inaccurate', 'wrong', '0']);

/** 1 or 0 for a label that reads as a verdict; undefined for any other. */
export function verdictOfLabel(label: string | undefined): 1 | 0 | undefined {
  const word = label?.trim().toLowerCase();
  if (word === undefined) return undefined;
  return YES.has(word) ? 1 : NO.has(word) ? 0 : undefined;
}

export interface Scale {
  /** The value that becomes 0. */
  from: number;
  /** The value that becomes 1. */
  to: number;
}

/** The scale of one score name, from all its values in the file: none (values already in [0, 1]) or a rating scale. */
export function scaleOf(scores: readonly PeerScore[]): Scale | null {
  const numbers = scores.filter((s) => s.kind !== 'boolean' && !(s.kind === 'categorical' && verdictOfLabel(s.label) !== undefined) && s.value !== null).map((s) => s.value as number);
  if (numbers.length === 0) return null;
  const min = Math.min(...numbers);
  const max = Math.max(...numbers.map(Math.abs));
  if (min >= 0 && max <= 1) return null;
  const to = [1, 5, 10, 100].find((s) => s >= max) ?? max;
  return { from: min < 0 ? -to : 0, to };
}

/** A score in [0, 1], or null when it has no number (a category with none). */
export function normalised(score: PeerScore, scale: Scale | null): number | null {
  if (score.kind === 'boolean') return score.value === null ? (verdictOfLabel(score.label) ?? null) : score.value > 0 ? 1 : 0;
  if (score.kind === 'categorical') {
    const verdict = verdictOfLabel(score.label);
    if (verdict !== undefined) return verdict;
  }
  if (score.value === null) return null;
  if (!scale) return score.value;
  return Math.min(1, Math.max(0, (score.value - scale.from) / (scale.to - scale.from)));
}

/** How the tool stored it, for the reason and facts: `4 (of 5)`, `curt`, `True`. */
export function storedValue(score: LandedScore, scale: Scale | null): string {
  if (score.label !== undefined && score.kind !== 'numeric') return score.label;
  if (score.value === null) return 'no value';
  return scale ? `${score.value} (on ${scale.from}–${scale.to})` : String(score.value);
}
