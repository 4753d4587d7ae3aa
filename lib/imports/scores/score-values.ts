import type { ImportedScore } from '../../datasets/imported-scores';

/*
 * How another tool's scores become Turnwise scores, one set of rules for every tool
 * (docs/moving-from-peers.md, "How scores become Turnwise scores", says the same to users):
 * - a boolean is 1 (true) or 0;
 * - a category named like a verdict (yes/no, pass/fail, true/false, correct/incorrect, good/bad,
 *   resolved/unresolved…) is 1 or 0; any other category is the number the tool stored for it,
 *   read as numbers are;
 * - numbers stay as they are when every value of that score name in the file lies in [0, 1];
 *   otherwise they are read on the rating scale they fit, the smallest of 1, 5, 10 and 100 at or
 *   above the largest (absolute) value (that value itself past 100), from 0, or from minus the
 *   scale when some value is negative: a 1–5 rating of 4 is 0.8, a 0–10 rating of 3 is 0.3, -1 on
 *   −1…1 is 0. The value the tool stored stays beside the score.
 * - the pass is the tool's own where it decided one (promptfoo: its pass or fail, and its threshold,
 *   are kept as they are); otherwise a score passes at 0.5 or more, or at 0.5 or less when its name
 *   says lower is better (hallucination, toxicity…), its number not turned over.
 */

export const PASS_THRESHOLD = 0.5;

const SCALES = [1, 5, 10, 100];

const LOWER_IS_BETTER = /hallucinat|toxic|moderation|bias|harm|frustrat|unsafe|jailbreak|pii/i;

/** Whether a score name says that less is better (Opik's hallucination metric: 1 is a hallucination). */
export const lowerIsBetter = (name: string): boolean => LOWER_IS_BETTER.test(name);

/** Whether a score in [0, 1] that the tool gave no pass or fail passes, for this score name. */
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

/** Whether a score is read as a number (rather than as a boolean or a verdict-like category). */
const readAsNumber = (s: ImportedScore): boolean => s.kind === 'numeric' || (s.kind === 'categorical' && verdictOfLabel(s.label) === undefined);

/** The scale of one score name, from all its values in the file: none (values already in [0, 1]) or a rating scale. */
export function scaleOf(scores: readonly ImportedScore[]): Scale | null {
  let min = Infinity;
  let top = 0;
  for (const s of scores) {
    if (s.value === null || !readAsNumber(s)) continue;
    min = Math.min(min, s.value);
    top = Math.max(top, Math.abs(s.value));
  }
  if (min === Infinity || (min >= 0 && top <= 1)) return null;
  const to = SCALES.find((scale) => scale >= top) ?? top;
  return { from: min < 0 ? -to : 0, to };
}

/** A score in [0, 1], or null when it has no number (a category without one, a score the tool could not give). */
export function normalised(score: ImportedScore, scale: Scale | null): number | null {
  if (score.kind === 'boolean') return score.value === null ? (verdictOfLabel(score.label) ?? null) : score.value > 0 ? 1 : 0;
  if (score.kind === 'categorical') {
    const verdict = verdictOfLabel(score.label);
    if (verdict !== undefined) return verdict;
  }
  if (score.value === null) return null;
  if (!scale) return score.value;
  return Math.min(1, Math.max(0, (score.value - scale.from) / (scale.to - scale.from)));
}

/** The value as the tool stored it, for a result's facts: its number, or a boolean's or category's label. */
export const storedValue = (score: ImportedScore): string | number | null => (score.label !== undefined && score.kind !== 'numeric' ? score.label : score.value);

/** How the tool stored it, in words for a reason: `4 (on 0–5)`, `curt`, `True`. */
export function storedText(score: ImportedScore, scale: Scale | null): string {
  const stored = storedValue(score);
  if (stored === null) return 'no value';
  return typeof stored === 'number' && scale ? `${stored} (on ${scale.from}–${scale.to})` : String(stored);
}
