/** One metric's numbers over a run, with a bootstrap interval on its mean (stored in RunScoreVector.stats). */
export interface RunMetricStats {
  /** Mean score over the scored results; null when none was scored. */
  mean: number | null;
  /** Bootstrap 95% percentile interval of that mean. */
  low: number | null;
  high: number | null;
  /** Passed / scored; null when none was scored. */
  passRate: number | null;
  /** Results stored, scored and errored. */
  count: number;
  scored: number;
  errors: number;
}
