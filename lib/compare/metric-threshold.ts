import { z } from 'zod';

const settingSchema = z
  .object({ threshold: z.number().optional(), strictMode: z.boolean().optional(), scale: z.number().optional() })
  .passthrough()
  .catch({});

/**
 * The pass threshold of a metric in a run, on the scale its scores are reported on: the
 * option's threshold (default 0.5), 1 in strict mode, times context_coverage's scale.
 */
export function metricThreshold(metricSettings: unknown, metric: string): number {
  const settings = z.record(z.string(), z.unknown()).catch({}).parse(metricSettings);
  const s = settingSchema.parse(settings[metric] ?? {});
  const threshold = s.strictMode ? 1 : (s.threshold ?? 0.5);
  return metric === 'context_coverage' ? threshold * (s.scale ?? 1) : threshold;
}
