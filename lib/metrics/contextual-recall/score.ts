import { fraction, mean } from '../shared/threshold';

/** A turn's recall = attributable sentences / sentences; 0 with none. */
export const turnRecallScore = (verdicts: ('yes' | 'no')[]): number =>
  fraction(verdicts.filter((v) => v === 'yes').length, verdicts.length, 0);

/** The conversation's recall = mean of its scored turns; 0 when no turn could be scored. */
export const contextualRecallScore = (turnScores: number[]): number => mean(turnScores, 0);
