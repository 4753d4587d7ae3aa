import { getCustomMetric, listCustomMetrics } from '../../db/queries/custom-metrics/custom-metrics';
import type { Db } from '../../db/db-types';
import { AppError } from '../../errors';
import { type MetricSelection } from '../../metrics/selected-metric';
import { isBuiltInMetric, METRIC_NAMES } from '../../metrics/registry';
import type { RequestedMetric } from './run-request';

/**
 * The metrics a run request of a project names (its custom metrics, none of another project's), ready to store on the run: a custom metric takes the version
 * named, else its newest, and the run keeps that version's definition as it was.
 */
export async function resolveMetrics(db: Db, projectId: string, requested: readonly RequestedMetric[]): Promise<MetricSelection[]> {
  const out: MetricSelection[] = [];
  for (const [index, m] of requested.entries()) {
    if (isBuiltInMetric(m.name)) {
      out.push({ name: m.name, options: m.options });
      continue;
    }
    const stored = await getCustomMetric(db, projectId, m.name, m.version);
    if (!stored) {
      const custom = (await listCustomMetrics(db, projectId)).map((c) => c.name);
      const known = [...METRIC_NAMES, ...custom].join(', ');
      const what = m.version === undefined ? `unknown metric "${m.name}"` : `metric "${m.name}" has no version ${m.version}`;
      throw new AppError('BAD_INPUT', `metrics.${index}: ${what}; known: ${known}`, { field: `metrics.${index}` });
    }
    out.push({ name: m.name, options: m.options, custom: { version: stored.version, definition: stored.definition } });
  }
  return out;
}
