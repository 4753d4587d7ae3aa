/** Strict mode demands a perfect score: the threshold becomes 1. */
export const effectiveThreshold = (threshold: number, strictMode: boolean): number => (strictMode ? 1 : threshold);

/** Strict mode turns any score below 1 into 0. */
export const applyStrictMode = (score: number, strictMode: boolean): number => (strictMode && score < 1 ? 0 : score);

/** The threshold is a minimum for every metric. */
export const isSuccess = (score: number, threshold: number): boolean => score >= threshold;

/** Fraction of `count` over `total`, or `whenEmpty` when there is nothing to count. */
export const fraction = (count: number, total: number, whenEmpty: number): number => (total === 0 ? whenEmpty : count / total);

export const mean = (values: number[], whenEmpty: number): number =>
  values.length === 0 ? whenEmpty : values.reduce((sum, v) => sum + v, 0) / values.length;

export const roundTo2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;
