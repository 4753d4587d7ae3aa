import { applyStrictMode, fraction, mean } from '../shared/threshold';

/**
 * A window's recall = attributable sentences / sentences; 1 with none (deepeval's
 * _calculate_interaction_score). Strict mode turns a window below 1 into 0.
 */
export const windowRecallScore = (verdicts: ('yes' | 'no')[], strictMode: boolean): number =>
  applyStrictMode(fraction(verdicts.filter((v) => v === 'yes').length, verdicts.length, 1), strictMode);

/** The conversation's recall = mean of window scores (not binarised again); 1 with no windows. */
export const turnContextualRecallScore = (windowScores: number[]): number => mean(windowScores, 1);
