import { z } from 'zod';
import { judgeSelectionSchema } from '../judge/config';

/*
 * What a replay is asked to do, checked once at the boundary (API, CLI, the browser's form):
 * the dataset, the target that regenerates its assistant turns, the mode, the label of the new
 * model version and, optionally, the run of metrics on the result. Keys are never part of it:
 * a target names the environment variable that holds its key, or a stored connection.
 */

/**
 * Only variables named TARGET_… may be sent to a target: the URL is the requester's to choose, so
 * a free choice of variable would let any editor send the server's own secrets (TURNWISE_SECRET,
 * DATABASE_URL, the judges' keys) to a host of theirs.
 */
const envName = z
  .string()
  .regex(/^TARGET_[A-Za-z0-9_]+$/, 'must be the name of an environment variable starting with TARGET_ (no other variable is ever sent to a target)');
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const generation = {
  model: z.string().trim().min(1, 'name the model').max(200),
  systemPrompt: z.string().max(100_000, 'at most 100,000 characters').optional(),
  temperature: z.number({ error: 'must be a number' }).min(0, 'at least 0').max(2, 'at most 2').optional(),
  maxTokens: z.number({ error: 'must be a number' }).int('a whole number').min(1, 'at least 1').max(1_000_000).optional(),
  /** Sent as they are in the request body (top_p, seed, provider options…); model and messages are ours. */
  extraBody: z
    .record(z.string(), z.unknown())
    .refine((body) => !('messages' in body) && !('model' in body) && !('stream' in body), 'must not set messages, model or stream')
    .optional(),
};

/** An OpenAI-compatible endpoint: a base URL (its key in the variable apiKeyEnv, if it needs one) or a stored connection. */
export const openAITargetSchema = z
  .strictObject({
    kind: z.literal('openai'),
    baseUrl: httpUrl.optional(),
    apiKeyEnv: envName.optional(),
    connection: z.string().trim().min(1, 'name a stored connection').optional(),
    ...generation,
  })
  .superRefine((target, ctx) => {
    if (!target.baseUrl === !target.connection) {
      ctx.addIssue({ code: 'custom', path: [target.baseUrl ? 'connection' : 'baseUrl'], message: 'give either baseUrl or connection' });
    }
    if (target.connection && target.apiKeyEnv) ctx.addIssue({ code: 'custom', path: ['apiKeyEnv'], message: 'a connection holds its own key' });
  });

export const httpTargetSchema = z.strictObject({
  kind: z.literal('http'),
  url: httpUrl,
  /** The variable whose value is sent as the secret header (x-turnwise-secret). */
  secretEnv: envName.optional(),
  timeoutMs: z.number({ error: 'must be a number' }).int().min(100, 'at least 100 ms').max(600_000, 'at most 600,000 ms').default(30_000),
});

export const targetSchema = z.discriminatedUnion('kind', [openAITargetSchema, httpTargetSchema], {
  error: 'give { "kind": "openai", "baseUrl" | "connection", "model", … } or { "kind": "http", "url", … }',
});
export type ReplayTarget = z.output<typeof targetSchema>;

export const REPLAY_MODES = ['teacher-forced', 'on-policy', 'simulated-user'] as const;
/** Simulated-user mode: exchanges (user message and reply) per conversation at most. */
export const MAX_SIMULATED_TURNS = 50;
export const DEFAULT_SIMULATED_TURNS = 10;
/** Generations per assistant turn at most (samples: generation variance). */
export const MAX_SAMPLES = 5;
export type ReplayMode = (typeof REPLAY_MODES)[number];

export const evaluateSchema = z.strictObject({
  /** Metric names ("refund_policy@2" for a custom metric's version); empty with compareWith: that run's metrics. */
  metrics: z.array(z.string().trim().min(1)).optional(),
  judge: judgeSelectionSchema.optional(),
  options: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  /** A run of the source dataset: its metrics, judge and options are used where not given, and it is the baseline to compare with. */
  compareWith: z.string().trim().min(1).optional(),
});
export type ReplayEvaluate = z.output<typeof evaluateSchema>;

export const replayRequestSchema = z
  .strictObject({
    datasetId: z.string({ error: 'a dataset id is required' }).trim().min(1, 'a dataset id is required'),
    target: targetSchema,
    mode: z.enum(REPLAY_MODES, { error: 'must be "teacher-forced", "on-policy" or "simulated-user"' }).default('teacher-forced'),
    modelVersion: z.string({ error: 'label the new model version' }).trim().min(1, 'label the new model version').max(200, 'at most 200 characters'),
    /** Simulated-user mode: at most this many exchanges (user message and reply) per conversation. */
    maxTurns: z
      .number({ error: 'must be a number' })
      .int('a whole number')
      .min(1, 'at least 1')
      .max(MAX_SIMULATED_TURNS, `at most ${MAX_SIMULATED_TURNS}`)
      .default(DEFAULT_SIMULATED_TURNS),
    /**
     * The judge of on-policy mode (checks each next recorded user turn still fits) or of simulated-user mode
     * (plays the user); default: evaluate's judge, else the server's default.
     */
    judge: judgeSelectionSchema.optional(),
    /**
     * Generations per assistant turn (generation variance): the first is the turn of the new
     * dataset version; the others are stored apart, linked to it, shown but never scored.
     */
    samples: z.number({ error: 'must be a number' }).int('a whole number').min(1, 'at least 1').max(MAX_SAMPLES, `at most ${MAX_SAMPLES}`).default(1),
    /** Target requests in flight at once. */
    concurrency: z.number({ error: 'must be a number' }).int('a whole number').min(1, 'at least 1').max(256, 'at most 256').default(8),
    evaluate: evaluateSchema.optional(),
  })
  .superRefine((request, ctx) => {
    const evaluate = request.evaluate;
    if (evaluate && !evaluate.compareWith && (!evaluate.metrics || evaluate.metrics.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['evaluate', 'metrics'], message: 'name the metrics, or a run to take them from (compareWith)' });
    }
  });
export type ReplayRequestInput = z.input<typeof replayRequestSchema>;
export type ReplayRequest = z.output<typeof replayRequestSchema>;

/** The target as stored on the replay: what it was asked with, which holds names of variables but never a key. */
export function storedTargetOf(target: ReplayTarget): Record<string, unknown> {
  return JSON.parse(JSON.stringify(target)) as Record<string, unknown>;
}
