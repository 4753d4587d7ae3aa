import type { TokenLogprobs } from '../../judge/types';
import type { RubricItem } from './definition';

/** Alternatives below 1% probability are left out (deepeval's min_logprob = ln 0.01). */
const MIN_LOGPROB = Math.log(0.01);

/**
 * The probability-weighted score, as deepeval's generate_weighted_summed_score computes it: at
 * the first generated token that spells the integer score, the decimal alternatives with at least
 * 1% probability, each weighted by its probability, over the sum of those probabilities. null
 * when no generated token spells the score (then the integer stands, as deepeval falls back).
 */
export function weightedScore(rawScore: number, tokens: readonly TokenLogprobs[]): number | null {
  const at = tokens.find((t) => t.token === String(rawScore));
  if (!at) return null;
  let sum = 0;
  let weighted = 0;
  for (const alt of at.top) {
    if (alt.logprob < MIN_LOGPROB || !/^\d+$/.test(alt.token)) continue;
    const p = Math.exp(alt.logprob);
    sum += p;
    weighted += Number(alt.token) * p;
  }
  return sum > 0 ? weighted / sum : null;
}

/** The scores the judge may give: the rubric's span, else 0–10 (deepeval's get_score_range). */
export function scoreRange(rubric: readonly RubricItem[] | undefined): [number, number] {
  if (!rubric || rubric.length === 0) return [0, 10];
  return [rubric[0].range[0], rubric[rubric.length - 1].range[1]];
}

/** A judge's score on its range as 0–1 (clamped: a weighted score cannot leave the range, a misread one might). */
export function normaliseScore(score: number, [low, high]: [number, number]): number {
  if (high <= low) return score >= high ? 1 : 0;
  return Math.min(1, Math.max(0, (score - low) / (high - low)));
}

/** "0-3: Ignores the policy" lines, as deepeval's format_rubrics writes them. */
export function formatRubric(rubric: readonly RubricItem[]): string {
  return rubric.map((r) => `${r.range[0] === r.range[1] ? r.range[0] : `${r.range[0]}-${r.range[1]}`}: ${r.meaning}`).join('\n');
}
