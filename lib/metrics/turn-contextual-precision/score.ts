import { applyStrictMode, mean } from '../shared/threshold';

/**
 * A window's weighted precision over its ranked nodes: the mean, over the relevant nodes, of
 * precision@k at each one's rank k; 0 with no relevant node (deepeval's
 * _calculate_interaction_score). Strict mode turns a window below 1 into 0.
 */
export function windowPrecisionScore(verdicts: ('yes' | 'no')[], strictMode: boolean): number {
  let relevant = 0;
  let sum = 0;
  verdicts.forEach((v, i) => {
    if (v !== 'yes') return;
    relevant += 1;
    sum += relevant / (i + 1);
  });
  return applyStrictMode(relevant === 0 ? 0 : sum / relevant, strictMode);
}

/** The conversation's precision = mean of window scores (not binarised again); 1 with no windows. */
export const turnContextualPrecisionScore = (windowScores: number[]): number => mean(windowScores, 1);
