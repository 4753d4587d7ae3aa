import { z } from 'zod';
import { judgeSelectionSchema } from '../judge/config';
import { runRequestSchema, type RunRequest } from '../runs/request/run-request';

/** The body of POST /api/v1/runs: metrics by name, their options beside them. */
export const apiRunBodySchema = z.strictObject({
  datasetId: z.string({ error: 'a dataset id is required' }),
  metrics: z.array(z.string(), { error: 'a list of metric names is required' }),
  options: z.record(z.string(), z.record(z.string(), z.unknown(), { error: 'the options of a metric are an object' })).optional(),
  judge: judgeSelectionSchema.optional().refine((judge) => judge !== undefined, 'give { "kind": "offline" } or { "kind": "openai", "name"?, "model"? }'),
  modelVersion: z.string().optional(),
  concurrency: z.unknown().optional(),
  samples: z.unknown().optional(),
  temperature: z.unknown().optional(),
});

export type ApiRunRequestResult = { ok: true; request: RunRequest } | { ok: false; error: z.ZodError; field: (path: readonly PropertyKey[]) => string };

/**
 * Checks the API's run body with the very schema the New run form uses (lib/runs), then names
 * each problem the way the API spells the field: `metrics.0`, `options.turn_faithfulness.windowSize`.
 * A run that does not say its concurrency gets `defaultConcurrency` (TURNWISE_JUDGE_CONCURRENCY's, as the form's).
 */
export function parseApiRunBody(body: unknown, defaultConcurrency: number): ApiRunRequestResult {
  const shape = apiRunBodySchema.safeParse(body);
  if (!shape.success) return { ok: false, error: shape.error, field: (path) => path.map(String).join('.') };
  const { datasetId, metrics, options = {}, judge, modelVersion, concurrency, samples, temperature } = shape.data;
  const names = metrics.map((m) => m.replace(/@\d+$/, ''));
  const stray = Object.keys(options).find((name) => !names.includes(name));
  if (stray !== undefined) {
    const error = new z.ZodError([{ code: 'custom', path: ['options', stray], message: `${stray} is not among the metrics of this run`, input: options[stray] }]);
    return { ok: false, error, field: (path) => path.map(String).join('.') };
  }
  const input = {
    datasetId,
    metrics: metrics.map((entry) => {
      // "refund_policy@2": a custom metric's version 2 (else its newest).
      const [, name, version] = /^(.*?)(?:@(\d+))?$/.exec(entry)!;
      return { name, options: options[name] ?? {}, ...(version ? { version: Number(version) } : {}) };
    }),
    judge,
    concurrency: concurrency ?? defaultConcurrency,
    modelVersion,
    ...(samples === undefined ? {} : { samples }),
    ...(temperature === undefined ? {} : { temperature }),
  };
  const parsed = runRequestSchema.safeParse(input);
  if (parsed.success) return { ok: true, request: parsed.data };
  const field = (path: readonly PropertyKey[]): string => {
    const [head, index, part, ...rest] = path.map(String);
    if (head === 'metrics' && index !== undefined && part === 'options') return ['options', names[Number(index)], ...rest].join('.');
    if (head === 'metrics' && index !== undefined && (part === 'name' || part === 'version')) return `metrics.${index}`;
    return path.map(String).join('.');
  };
  return { ok: false, error: parsed.error, field };
}
