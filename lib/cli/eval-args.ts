import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AppError } from '../errors';
import type { GEvalDefinition } from '../metrics/g-eval/definition';
import { METRIC_NAMES } from '../metrics/registry';
import { runRequestSchema } from '../runs/request/run-request';
import { loadMetricFiles } from './load-metric-files';

/** --metrics a,b: built-in metrics and those of the --metric-file definitions. */
const metricList = (known: readonly string[]) =>
  z
    .string()
    .transform((s) => s.split(',').map((m) => m.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().refine((name) => known.includes(name), { error: (i) => `unknown metric "${String(i.input)}"; known: ${known.join(', ')}` }))
        .min(1),
    );

const evalArgsSchema = (known: readonly string[]) => z.object({
  file: z.string().min(1, 'a dataset file is required: turnwise eval <file>'),
  metrics: metricList(known).optional(),
  judge: z.enum(['openai', 'offline']).optional(),
  judgeName: z.string().optional(),
  judgeBaseUrl: z.url({ error: 'must be a URL, e.g. http://127.0.0.1:11434/v1' }).optional(),
  judgeModel: z.string().min(1).optional(),
  threshold: z.coerce.number({ error: 'must be a number' }).min(0).max(1).optional(),
  windowSize: z.coerce.number({ error: 'must be a whole number' }).int().min(1).optional(),
  /** Requests in flight; unset: TURNWISE_JUDGE_CONCURRENCY, else 8 (the judge configuration's). */
  concurrency: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(256).optional(),
  json: z.string().optional(),
  save: z.boolean().default(false),
  name: z.string().min(1).optional(),
  modelVersion: z.string().min(1).optional(),
  baseline: z.string().trim().min(1, 'give the id of the run to compare with').optional(),
  strict: z.boolean().default(false),
  noReason: z.boolean().default(false),
  /** What personal data to take out of the file before the judge sees it (lib/pii/redact-spec.ts). */
  redact: z.string().optional(),
});
/** Per-metric options as the REST API's `options` takes them: { "<metric>": { "<option>": value } }. */
export type MetricOptionsByName = Record<string, Record<string, unknown>>;
export type EvalArgs = z.infer<ReturnType<typeof evalArgsSchema>> & {
  options?: MetricOptionsByName;
  /** Custom metrics from --metric-file, checked. */
  customMetrics: GEvalDefinition[];
};

const optionsShape = z.record(z.string(), z.record(z.string(), z.unknown(), { error: 'the options of a metric are an object' }), {
  error: 'must be a JSON object of metrics, e.g. {"turn_faithfulness":{"windowSize":3}}',
});

/**
 * `--options JSON`: the same shape and checks as the REST API's `options` (the run request
 * schema the New run form and the API share); a problem names its place, e.g.
 * `--options: turn_faithfulness.windowSize: …`.
 */
export function parseMetricOptionsFlag(text: string, metrics: string[] | undefined, known: readonly string[] = METRIC_NAMES): MetricOptionsByName {
  const fail = (message: string): never => {
    throw new AppError('BAD_INPUT', `--options: ${message}`, { field: '--options' });
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return fail(`not valid JSON: ${(e as Error).message}`);
  }
  const shape = optionsShape.safeParse(json);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    return fail(issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message);
  }
  const out: MetricOptionsByName = {};
  for (const [name, options] of Object.entries(shape.data)) {
    if (!known.includes(name)) fail(`unknown metric "${name}"; known: ${known.join(', ')}`);
    if (metrics && !metrics.includes(name)) fail(`${name} is not among the metrics of this run (--metrics ${metrics.join(',')})`);
    const checked = runRequestSchema.shape.metrics.safeParse([{ name, options }]);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const [, , option] = issue.path.map(String);
      fail(`${name}${option ? `.${option}` : ''}: ${issue.message}`);
    }
    out[name] = options;
  }
  return out;
}

const flagOf: Record<string, string> = {
  judgeName: '--judge-name',
  judgeBaseUrl: '--judge-base-url',
  judgeModel: '--judge-model',
  windowSize: '--window-size',
  modelVersion: '--model-version',
  noReason: '--no-reason',
};

/** Parses `eval` arguments; a bad one throws AppError('BAD_INPUT') naming the flag. */
export function parseEvalArgs(argv: string[]): EvalArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        metrics: { type: 'string' },
        judge: { type: 'string' },
        'judge-name': { type: 'string' },
        'judge-base-url': { type: 'string' },
        'judge-model': { type: 'string' },
        threshold: { type: 'string' },
        'window-size': { type: 'string' },
        concurrency: { type: 'string' },
        json: { type: 'string' },
        save: { type: 'boolean' },
        name: { type: 'string' },
        'model-version': { type: 'string' },
        baseline: { type: 'string' },
        strict: { type: 'boolean' },
        'no-reason': { type: 'boolean' },
        options: { type: 'string' },
        'metric-file': { type: 'string', multiple: true },
        redact: { type: 'string' },
      },
    });
  } catch (e) {
    throw new AppError('BAD_INPUT', (e as Error).message);
  }
  const v = parsed.values;
  if (parsed.positionals.length > 1) {
    throw new AppError('BAD_INPUT', `eval takes one dataset file, got ${parsed.positionals.length}: ${parsed.positionals.join(' ')}`);
  }
  const customMetrics = loadMetricFiles(v['metric-file'] ?? []);
  const known = [...METRIC_NAMES, ...customMetrics.map((m) => m.name)];
  const res = evalArgsSchema(known).safeParse({
    file: parsed.positionals[0] ?? '',
    metrics: v.metrics,
    judge: v.judge,
    judgeName: v['judge-name'],
    judgeBaseUrl: v['judge-base-url'],
    judgeModel: v['judge-model'],
    threshold: v.threshold,
    windowSize: v['window-size'],
    concurrency: v.concurrency,
    json: v.json,
    save: v.save,
    name: v.name,
    modelVersion: v['model-version'],
    baseline: v.baseline,
    strict: v.strict,
    noReason: v['no-reason'],
    redact: v.redact,
  });
  if (!res.success) {
    const issue = res.error.issues[0];
    const key = String(issue.path[0] ?? 'file');
    const flag = key === 'file' ? 'file' : (flagOf[key] ?? `--${key}`);
    throw new AppError('BAD_INPUT', `${flag}: ${issue.message}`, { field: flag });
  }
  if (res.data.baseline !== undefined && !res.data.save) {
    // The comparison reads the new run from the database: it must be stored first.
    throw new AppError('BAD_INPUT', '--baseline: compares the stored run with the baseline, so it needs --save', { field: '--baseline' });
  }
  const args = { ...res.data, customMetrics };
  return v.options === undefined ? args : { ...args, options: parseMetricOptionsFlag(v.options, res.data.metrics, known) };
}
