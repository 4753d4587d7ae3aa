import { applyStrictMode, fraction, mean } from '../shared/threshold';

/**
 * A window's relevancy = relevant statements / statements of its retrieval context; 1 with none
 * (deepeval's _calculate_interaction_score and its empty case). Strict mode turns a window
 * below 1 into 0.
 */
export const windowRelevancyScore = (verdicts: ('yes' | 'no')[], strictMode: boolean): number =>
  applyStrictMode(fraction(verdicts.filter((v) => v === 'yes').length, verdicts.length, 1), strictMode);

/** The conversation's relevancy = mean of window scores (not binarised again); 1 with no windows. */
export const turnContextualRelevancyScore = (windowScores: number[]): number => mean(windowScores, 1);
