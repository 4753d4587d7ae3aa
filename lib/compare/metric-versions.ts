import { runMetrics } from '../metrics/run-metrics';
import { metricLabel } from '../format/format';

/** A custom metric the compared runs scored with different versions of its definition. */
export interface MixedVersions {
  metric: string;
  baseline: number | null;
  candidates: { runId: string; version: number | null }[];
  /** "Refund policy: the baseline used version 1, run … version 2." */
  note: string;
}

/**
 * The custom metrics whose versions differ between the baseline and a candidate: their
 * differences compare two definitions, and the page and the CLI say so.
 */
export function mixedMetricVersions(runs: readonly { id: string; metricSettings: unknown }[], name: (index: number) => string): MixedVersions[] {
  const versions = runs.map((run) => new Map(runMetrics(run.metricSettings).map((m) => [m.name, m.version])));
  const metrics = [...new Set(versions.flatMap((v) => [...v.entries()].filter(([, version]) => version !== null).map(([metric]) => metric)))];
  return metrics.flatMap((metric) => {
    const baseline = versions[0].get(metric) ?? null;
    const candidates = runs.slice(1).map((run, i) => ({ runId: run.id, version: versions[i + 1].get(metric) ?? null }));
    const differing = candidates.map((c, i) => ({ ...c, i: i + 1 })).filter((c) => c.version !== null && baseline !== null && c.version !== baseline);
    if (differing.length === 0) return [];
    const note = `${metricLabel(metric)}: the baseline used version ${baseline}, ${differing.map((c) => `${name(c.i)} version ${c.version}`).join(', ')}; the difference compares two definitions.`;
    return [{ metric, baseline, candidates, note }];
  });
}
