import { METRIC_NAMES } from '../../../domain';

export interface RunMetric {
  name: string;
  /** The reported scale (context_coverage's `scale` option); 1 for every other metric. */
  scale: number;
  /** The version of a custom metric the run used; null for a built-in metric. */
  version: number | null;
}

const rank = (m: string) => {
  const i = (METRIC_NAMES as readonly string[]).indexOf(m);
  return i === -1 ? METRIC_NAMES.length : i;
};

/** The metrics a run was configured with (Run.metricSettings), in their usual order. */
export function runMetrics(settings: unknown): RunMetric[] {
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) return [];
  return Object.entries(settings as Record<string, unknown>)
    .map(([name, options]) => {
      const { scale, gEval } = (options ?? {}) as { scale?: unknown; gEval?: { version?: unknown } };
      const version = typeof gEval?.version === 'number' ? gEval.version : null;
      return { name, scale: typeof scale === 'number' && scale > 0 ? scale : 1, version };
    })
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}
