import type { BootstrapOptions } from './bootstrap';
import { compareMetric, type CandidateMetricComparison } from './compare-metric';
import { matchKeys, type KeyMatch } from './match-keys';
import { metricColumn, sortMetrics, type RunVector } from './run-vector';
import { type RunMetricStats } from '../domain/run-metric-stats';

export interface MetricComparison {
  metric: string;
  /** The baseline run's own aggregates over all its conversations; null when it lacks the metric. */
  baseline: RunMetricStats | null;
  /** One per candidate, in the order given. */
  candidates: CandidateMetricComparison[];
}

export interface MatchCounts {
  runId: string;
  /** Conversations present in both the baseline and this candidate. */
  matched: number;
  baselineOnly: number;
  candidateOnly: number;
}

export interface VectorComparison {
  metrics: MetricComparison[];
  matches: MatchCounts[];
  keyMatch: KeyMatch;
}

/** Compares each candidate run with the baseline, metric by metric, over matched conversations. */
export function compareVectors(baseline: RunVector, candidates: readonly RunVector[], options: BootstrapOptions = {}): VectorComparison {
  const keyMatch = matchKeys([baseline.keys, ...candidates.map((c) => c.keys)]);
  const baseIndex = keyMatch.indexOf[0];
  const matches = candidates.map((candidate, i) => {
    const candIndex = keyMatch.indexOf[i + 1];
    let matched = 0;
    for (let row = 0; row < baseIndex.length; row++) if (baseIndex[row] >= 0 && candIndex[row] >= 0) matched += 1;
    return { runId: candidate.runId, matched, baselineOnly: baseline.size - matched, candidateOnly: candidate.size - matched };
  });
  const metrics = sortMetrics([...baseline.metrics, ...candidates.flatMap((c) => c.metrics)]).map((metric) => ({
    metric,
    baseline: baseline.stats[metric] ?? null,
    candidates: candidates.map((candidate, i) =>
      compareMetric(metric, candidate.runId, metricColumn(baseline, metric), metricColumn(candidate, metric), baseIndex, keyMatch.indexOf[i + 1], options),
    ),
  }));
  return { metrics, matches, keyMatch };
}
