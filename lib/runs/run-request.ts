import { z } from 'zod';
import { judgeSelectionSchema } from '../judge/config';
import { metricOptionsSchemas } from '../metrics/registry';
import { METRIC_NAMES, type MetricName } from '../metrics/types';
import type { MetricSelection } from './evaluate-conversations';

/**
 * The metric options a run can set from the browser. Others (templates, verbose mode, a
 * per-metric model) stay with the API and the CLI: templates are functions, and the judge
 * model is chosen once for the whole run.
 */
export const RUN_OPTION_KEYS = [
  'threshold',
  'strictMode',
  'includeReason',
  'windowSize',
  'truthsExtractionLimit',
  'penalizeAmbiguousClaims',
  'scale',
] as const;
export type RunOptionKey = (typeof RUN_OPTION_KEYS)[number];

/** The options a metric takes among RUN_OPTION_KEYS, in that order. */
export function runOptionKeysOf(metric: MetricName): RunOptionKey[] {
  const shape = metricOptionsSchemas[metric].shape as Record<string, unknown>;
  return RUN_OPTION_KEYS.filter((key) => key in shape);
}

const metricSelectionSchema = z
  .object({ name: z.enum(METRIC_NAMES), options: z.record(z.string(), z.unknown()).default({}) })
  .transform((selection, ctx) => {
    const allowed = new Set<string>(runOptionKeysOf(selection.name));
    const options: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(selection.options)) {
      if (value === undefined || value === null || value === '') continue;
      if (!allowed.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['options', key], message: `${selection.name} has no option ${key}` });
        continue;
      }
      options[key] = value;
    }
    const parsed = metricOptionsSchemas[selection.name].safeParse(options);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['options', ...issue.path] } as never);
      return z.NEVER;
    }
    // Stored as given (plain JSON); the metric applies its defaults when it runs.
    return { name: selection.name, options } satisfies MetricSelection;
  });

export const runRequestSchema = z.object({
  datasetId: z.string().trim().min(1, 'Choose a dataset'),
  metrics: z
    .array(metricSelectionSchema)
    .min(1, 'Pick at least one metric')
    .refine((metrics) => new Set(metrics.map((m) => m.name)).size === metrics.length, 'A metric is listed twice'),
  judge: judgeSelectionSchema,
  concurrency: z.coerce
    .number({ error: 'Concurrency must be a number' })
    .int('Concurrency must be a whole number')
    .min(1, 'Concurrency is at least 1')
    .max(64, 'Concurrency is at most 64'),
  modelVersion: z
    .string()
    .trim()
    .max(200, 'At most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RunRequestInput = z.input<typeof runRequestSchema>;
export type RunRequest = z.output<typeof runRequestSchema>;

/**
 * Field errors keyed the way the form names its fields: "concurrency", "judge",
 * "metrics" and "metrics.<metric>.<option>".
 */
export function runRequestFieldErrors(error: z.ZodError, input: unknown): Record<string, string[]> {
  const metrics = (input as { metrics?: { name?: unknown }[] } | null)?.metrics;
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const [head, index, ...rest] = issue.path.map(String);
    let key = head ?? 'form';
    if (head === 'metrics' && index !== undefined) {
      const name = metrics?.[Number(index)]?.name;
      const option = rest[0] === 'options' ? rest[1] : undefined;
      key = option && typeof name === 'string' ? `metrics.${name}.${option}` : 'metrics';
    } else if (head === 'judge') key = 'judge';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** A run's stored metric settings as selections, in the order metrics are listed everywhere. */
export function metricSelectionsOf(settings: unknown): MetricSelection[] {
  const parsed = z.record(z.string(), z.record(z.string(), z.unknown())).safeParse(settings);
  if (!parsed.success) return [];
  return METRIC_NAMES.filter((name) => name in parsed.data).map((name) => ({ name, options: parsed.data[name] }));
}
