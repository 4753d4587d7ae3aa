import { metricDescriptor, metricRank } from './registry';

export interface RunMetric {
  name: string;
  /** The reported scale (its descriptor's, e.g. context_coverage's `scale` option); 1 for the others. */
  scale: number;
  /** The version of a custom metric the run used; null for a built-in metric. */
  version: number | null;
  /** What a conversation needs for this built-in metric to apply (its descriptor's); null for a custom metric. */
  needs: string | null;
}

/** The metrics a run was configured with (Run.metricSettings), in their usual order. */
export function runMetrics(settings: unknown): RunMetric[] {
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) return [];
  return Object.entries(settings as Record<string, unknown>)
    .map(([name, options]) => {
      const settings = (options ?? {}) as Record<string, unknown> & { gEval?: { version?: unknown } };
      const version = typeof settings.gEval?.version === 'number' ? settings.gEval.version : null;
      const descriptor = metricDescriptor(name);
      return { name, scale: descriptor?.scale?.(settings) ?? 1, version, needs: descriptor?.needs ?? null };
    })
    .sort((a, b) => metricRank(a.name) - metricRank(b.name) || a.name.localeCompare(b.name));
}
