import type { Verdict } from '../../domain/verdict';
import { applyStrictMode, mean } from '../shared/threshold';

/**
 * Window score = (verdicts that are not "no" − idk count when ambiguous claims are penalised)
 * / verdicts; 1 when the window has no claims. Strict mode turns a window below 1 into 0.
 */
export function windowScore(verdicts: Verdict[], options: { penalizeAmbiguousClaims: boolean; strictMode: boolean }): number {
  if (verdicts.length === 0) return 1;
  const notNo = verdicts.filter((v) => v !== 'no').length;
  const idk = options.penalizeAmbiguousClaims ? verdicts.filter((v) => v === 'idk').length : 0;
  return applyStrictMode((notNo - idk) / verdicts.length, options.strictMode);
}

/** The conversation score is the mean of window scores (not binarised again); 1 with no windows. */
export const turnFaithfulnessScore = (windowScores: number[]): number => mean(windowScores, 1);

/**
 * A turn's own verdict from its own claims: "no" when one of them costs points (contradicted,
 * or unsupported with penalize_ambiguous_claims), else "idk" when one is unsupported, else "yes".
 */
export function turnVerdict(verdicts: Verdict[], options: { penalizeAmbiguousClaims: boolean }): Verdict {
  if (verdicts.includes('no') || (options.penalizeAmbiguousClaims && verdicts.includes('idk'))) return 'no';
  if (verdicts.includes('idk')) return 'idk';
  return 'yes';
}
