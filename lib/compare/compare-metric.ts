import { DEFAULT_SEED, pairedBootstrapInterval, type BootstrapOptions } from './bootstrap';
import { countFlips } from './flips';
import { deriveSeed } from './random';
import { OUTCOME } from './run-vector';

/** A difference whose whole interval is below (above) zero by more than rounding. */
const EPSILON = 1e-12;

export type MetricVerdict = 'regressed' | 'improved' | 'unchanged' | 'not-scored';

export interface CandidateMetricComparison {
  runId: string;
  /** Matched conversations scored by both runs: the pairs everything below is computed over. */
  pairs: number;
  baselineMean: number | null;
  candidateMean: number | null;
  /** Mean of candidate − baseline over the pairs, with its paired-bootstrap interval. */
  difference: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  baselinePassRate: number | null;
  candidatePassRate: number | null;
  /** Candidate pass rate − baseline pass rate over the pairs. */
  passRateChange: number | null;
  passToFail: number;
  failToPass: number;
  /** Matched conversations where this metric errored, in each run. */
  baselineErrors: number;
  candidateErrors: number;
  /**
   * regressed: the whole interval is below 0 (a drop beyond its confidence interval);
   * improved: the whole interval is above 0; not-scored: no pair to compare.
   */
  verdict: MetricVerdict;
}

export interface MetricColumn {
  scores: Float64Array;
  outcomes: Uint8Array;
}

/**
 * Compares one metric of a candidate run with the baseline over matched conversations.
 * `baselineIndex[row]` and `candidateIndex[row]` are each run's conversation index (−1 absent).
 */
export function compareMetric(
  metric: string,
  candidateRunId: string,
  baseline: MetricColumn | null,
  candidate: MetricColumn | null,
  baselineIndex: Int32Array,
  candidateIndex: Int32Array,
  options: BootstrapOptions = {},
): CandidateMetricComparison {
  const baseScores: number[] = [];
  const candScores: number[] = [];
  const basePassed: number[] = [];
  const candPassed: number[] = [];
  let baselineErrors = 0;
  let candidateErrors = 0;
  if (baseline && candidate) {
    for (let row = 0; row < baselineIndex.length; row++) {
      const b = baselineIndex[row];
      const c = candidateIndex[row];
      if (b < 0 || c < 0) continue;
      const bo = baseline.outcomes[b];
      const co = candidate.outcomes[c];
      if (bo === OUTCOME.errored) baselineErrors += 1;
      if (co === OUTCOME.errored) candidateErrors += 1;
      if ((bo !== OUTCOME.passed && bo !== OUTCOME.failed) || (co !== OUTCOME.passed && co !== OUTCOME.failed)) continue;
      baseScores.push(baseline.scores[b]);
      candScores.push(candidate.scores[c]);
      basePassed.push(bo === OUTCOME.passed ? 1 : 0);
      candPassed.push(co === OUTCOME.passed ? 1 : 0);
    }
  }
  const flips = countFlips(basePassed, candPassed);
  const pairs = baseScores.length;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);
  const interval = pairedBootstrapInterval(baseScores, candScores, {
    ...options,
    seed: deriveSeed(options.seed ?? DEFAULT_SEED, 'paired', metric),
  });
  const verdict: MetricVerdict =
    pairs === 0 ? 'not-scored' : interval.high! < -EPSILON ? 'regressed' : interval.low! > EPSILON ? 'improved' : 'unchanged';
  return {
    runId: candidateRunId,
    pairs,
    baselineMean: mean(baseScores),
    candidateMean: mean(candScores),
    difference: interval.mean,
    ciLow: interval.low,
    ciHigh: interval.high,
    baselinePassRate: flips.baselinePassRate,
    candidatePassRate: flips.candidatePassRate,
    passRateChange: pairs ? flips.candidatePassRate! - flips.baselinePassRate! : null,
    passToFail: flips.passToFail,
    failToPass: flips.failToPass,
    baselineErrors,
    candidateErrors,
    verdict,
  };
}
