import { fraction, mean, roundTo2 } from '../shared/threshold';

/** A turn's coverage = items present in the output / items; 0 with none. */
export const turnCoverageScore = (verdicts: ('yes' | 'no')[]): number =>
  fraction(verdicts.filter((v) => v === 'yes').length, verdicts.length, 0);

/** The unscaled 0..1 coverage: mean of the turn scores, 0 when no turn was scored. */
export const contextCoverageScore = (turnScores: number[]): number => mean(turnScores, 0);

/** The reported score: coverage × scale, rounded to 2 decimals (Mastra's contextual recall). */
export const scaleCoverage = (score: number, scale: number): number => roundTo2(score * scale);
