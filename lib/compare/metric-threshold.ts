import { z } from 'zod';
import { metricDescriptor } from '../metrics/registry';

const settingSchema = z
  .object({
    threshold: z.number().optional(),
    strictMode: z.boolean().optional(),
    scale: z.number().optional(),
    // A custom metric's own threshold and strict mode, when the run did not set them.
    gEval: z.object({ definition: z.object({ threshold: z.number().optional(), strictMode: z.boolean().optional() }) }).optional().catch(undefined),
  })
  .passthrough()
  .catch({});

/**
 * The pass threshold of a metric in a run, on the scale its scores are reported on: the
 * option's threshold (default 0.5), 1 in strict mode, times the metric's scale (context_coverage's).
 */
export function metricThreshold(metricSettings: unknown, metric: string): number {
  const settings = z.record(z.string(), z.unknown()).catch({}).parse(metricSettings);
  const s = settingSchema.parse(settings[metric] ?? {});
  const own = s.gEval?.definition;
  const threshold = (s.strictMode ?? own?.strictMode) ? 1 : (s.threshold ?? own?.threshold ?? 0.5);
  return threshold * (metricDescriptor(metric)?.scale?.(s) ?? 1);
}
