import type { Db } from '../db/db-types';
import type { ComparedRun } from '../db/queries/compare/get-compared-runs';
import type { BootstrapOptions } from './bootstrap';
import type { CandidateMetricComparison } from './compare-metric';
import type { MatchCounts } from './compare-vectors';
import { loadComparison } from './load-comparison';
import type { MixedVersions } from './metric-versions';
import type { RunMetricStats } from '../domain/run-metric-stats';

export interface RunRef {
  id: string;
  datasetId: string;
  datasetName: string;
  modelVersion: string | null;
  status: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface RunComparisonReport {
  baseline: RunRef;
  candidates: (RunRef & Omit<MatchCounts, 'runId'>)[];
  metrics: { metric: string; baseline: RunMetricStats | null; candidates: CandidateMetricComparison[] }[];
  method: { resamples: number; seed: number; level: number; interval: 'percentile'; pairing: 'matchKey' };
  /** Custom metrics scored with different versions of their definition in the baseline and a candidate. */
  mixedVersions: MixedVersions[];
  /** Metric × candidate pairs whose whole interval of the difference is below 0. */
  regressions: { metric: string; runId: string; difference: number; ciLow: number; ciHigh: number }[];
}

const ref = (run: ComparedRun): RunRef => ({
  id: run.id,
  datasetId: run.datasetId,
  datasetName: run.datasetName,
  modelVersion: run.modelVersion,
  status: run.status,
  createdAt: run.createdAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
});

/**
 * Compares candidate runs with a baseline run, as plain JSON: for each metric the means over
 * conversations matched by key and scored by both, the mean difference with its paired
 * bootstrap interval, pass-rate change and pass/fail flips. Used by the compare page, the
 * CLI and anything else (a REST route, `eval --baseline`) that needs the same numbers.
 */
export async function compareRuns(db: Db, projectId: string, baselineId: string, candidateIds: readonly string[], options: BootstrapOptions = {}): Promise<RunComparisonReport> {
  const loaded = await loadComparison(db, projectId, baselineId, candidateIds, options);
  const { comparison, runs } = loaded;
  return {
    baseline: ref(runs[0]),
    candidates: runs.slice(1).map((run, i) => {
      const { runId: _runId, ...counts } = comparison.matches[i];
      return { ...ref(run), ...counts };
    }),
    metrics: comparison.metrics.map((m) => ({ metric: m.metric, baseline: m.baseline, candidates: m.candidates })),
    method: { ...loaded.method, interval: 'percentile', pairing: 'matchKey' },
    mixedVersions: loaded.mixedVersions,
    regressions: comparison.metrics.flatMap((m) =>
      m.candidates
        .filter((c) => c.verdict === 'regressed')
        .map((c) => ({ metric: m.metric, runId: c.runId, difference: c.difference!, ciLow: c.ciLow!, ciHigh: c.ciHigh! })),
    ),
  };
}
