import { z } from 'zod';
import { judgeSelectionSchema } from '../../judge/config';
import { metricOptionsSchemas, isBuiltInMetric, type MetricName } from '../../metrics/registry';
import { customRunOptionsSchema } from '../../metrics/selected-metric';

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
  'relevantTopics',
] as const;
export type RunOptionKey = (typeof RUN_OPTION_KEYS)[number];

/** The options a metric takes among RUN_OPTION_KEYS, in that order. */
export function runOptionKeysOf(metric: MetricName): RunOptionKey[] {
  const shape = metricOptionsSchemas[metric].shape as Record<string, unknown>;
  return RUN_OPTION_KEYS.filter((key) => key in shape);
}

/**
 * Options a run takes from the REST API and the CLI but not from the form: a list of tool objects
 * (tool_use's availableTools, for conversations without their own available_tools) is no form field.
 */
const API_OPTION_KEYS = ['availableTools'] as const;
const apiOptionKeysOf = (metric: MetricName): string[] => API_OPTION_KEYS.filter((key) => key in (metricOptionsSchemas[metric].shape as Record<string, unknown>));

/**
 * A metric as a run request names it: a built-in metric with its options, or a custom metric by
 * name (its newest version unless `version` says which), resolved against the stored definitions
 * when the run is created.
 */
const metricSelectionSchema = z
  .object({
    name: z.string().trim().min(1, 'name the metric'),
    options: z.record(z.string(), z.unknown()).default({}),
    version: z.number().int().min(1).optional(),
  })
  .transform((selection, ctx) => {
    const builtIn = isBuiltInMetric(selection.name);
    const allowed = new Set<string>(builtIn ? [...runOptionKeysOf(selection.name as MetricName), ...apiOptionKeysOf(selection.name as MetricName)] : Object.keys(customRunOptionsSchema.shape));
    const options: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(selection.options)) {
      if (value === undefined || value === null || value === '') continue;
      if (!allowed.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['options', key], message: `${selection.name} has no option ${key}` });
        continue;
      }
      options[key] = value;
    }
    if (builtIn && selection.version !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: `${selection.name} is built in and has no versions` });
    }
    const schema = builtIn ? metricOptionsSchemas[selection.name as MetricName] : customRunOptionsSchema;
    const parsed = schema.safeParse(options);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['options', ...issue.path] } as never);
      return z.NEVER;
    }
    // Stored as given (plain JSON); the metric applies its defaults when it runs.
    return { name: selection.name, options, ...(selection.version === undefined ? {} : { version: selection.version }) };
  });
export type RequestedMetric = z.output<typeof metricSelectionSchema>;

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
  /** Times each item is measured to show the judge's noise (the per-turn verdict is the majority). */
  samples: z.coerce
    .number({ error: 'Samples must be a number' })
    .int('Samples must be a whole number')
    .min(1, 'Samples is at least 1')
    .max(9, 'Samples is at most 9')
    .default(1),
  /** The judge's temperature when samples > 1 (default 0.7). */
  temperature: z.coerce.number({ error: 'Temperature must be a number' }).min(0, 'Temperature is at least 0').max(2, 'Temperature is at most 2').optional(),
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
