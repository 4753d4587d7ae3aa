import { z } from 'zod';
import { AppError } from '../errors';
import { withCache } from './cache';
import { createOfflineJudge, OFFLINE_MODEL } from './offline';
import { OFFLINE_JUDGE_LABEL, OFFLINE_JUDGE_SCOPE } from './offline/notice';
import { createOpenAIJudge, DEFAULT_JUDGE_MODEL, DEFAULT_JUDGE_TIMEOUT_MS, DEFAULT_OPENAI_BASE_URL, DEFAULT_RETRY_BUDGET_MS } from './openai-judge';
import { MODEL_PRICES } from '../llm/prices';
import type { Judge, JudgeCache } from './types';
import { hasCredentials, registerSecret } from '../redact-secrets';
import { adminPolicy, readEgressSettings, type EgressSettings } from '../llm/egress';

/** An OpenAI-compatible endpoint a judge can be created on. Holds its key: server-side only. */
export interface JudgeEndpoint {
  name: string;
  /** undefined: OpenAI's own API. */
  baseURL: string | undefined;
  /** The variable the key is read from; null for endpoints that need no key. */
  apiKeyEnv: string | null;
  apiKey: string | null;
  models: string[];
  defaultModel: string;
  /** Requests and tokens per minute this connection allows (per key and model); null: not configured. */
  rpm: number | null;
  tpm: number | null;
  /** An admin marked it the default judge (stored connections only). */
  isDefault?: boolean;
}

export interface JudgeConfig {
  /** Requests in flight per judge. */
  concurrency: number;
  /** Requests for a valid reply per step (TURNWISE_JUDGE_ATTEMPTS). */
  attempts: number;
  /** How long a request may keep meeting 429s before its step fails (TURNWISE_JUDGE_RETRY_BUDGET_S). */
  retryBudgetMs: number;
  /** How long one request may wait for its reply (TURNWISE_JUDGE_TIMEOUT_S). */
  timeoutMs: number;
  /** The OpenAI judge (OPENAI_API_KEY, OPENAI_BASE_URL, TURNWISE_JUDGE_MODEL). */
  openai: JudgeEndpoint;
  /** Further named judges from TURNWISE_JUDGES. */
  judges: JudgeEndpoint[];
  /**
   * TURNWISE_EGRESS_ALLOW. Judges' URLs are the operator's (the environment) or an admin's (stored
   * connections): they may reach loopback and private addresses, and metadata ones only if listed.
   */
  egressAllow?: EgressSettings['allow'];
}

/** What the UI may know about a judge: never its key or its URL. */
export interface JudgeInfo {
  name: string;
  /** How a judge select names it. */
  label: string;
  /** For the offline judge, what its rules can and cannot see (shown beside the select); null for an LLM. */
  scope: string | null;
  kind: 'offline' | 'openai';
  models: string[];
  defaultModel: string;
  hasKey: boolean;
  /** False when the judge needs a key that is not set. */
  available: boolean;
}

export const judgeSelectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offline') }),
  z.object({ kind: z.literal('openai'), name: z.string().min(1).optional(), model: z.string().min(1).optional() }),
]);
export type JudgeSelection = z.infer<typeof judgeSelectionSchema>;

export const OPENAI_JUDGE_NAME = 'openai';
export const OFFLINE_JUDGE_NAME = 'offline';

// Empty values count as unset: .env files and CI often define variables as "".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine((url) => !hasCredentials(url), 'must not carry a user name or password (fetch refuses them, and they would show in every error): give the key as the API key');
const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be the name of an environment variable');

const DEFAULT_JUDGE_CONCURRENCY = 8;

const envSchema = z.object({
  OPENAI_API_KEY: optional(z.string().trim()),
  OPENAI_BASE_URL: optional(httpUrl),
  TURNWISE_JUDGE_MODEL: optional(z.string().trim().min(1)),
  TURNWISE_JUDGE_CONCURRENCY: optional(
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(256),
  ),
  TURNWISE_JUDGES: optional(z.string()),
  TURNWISE_JUDGE_ATTEMPTS: optional(
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(10),
  ),
  TURNWISE_JUDGE_RETRY_BUDGET_S: optional(z.coerce.number({ error: 'must be a number of seconds' }).positive()),
  TURNWISE_JUDGE_TIMEOUT_S: optional(z.coerce.number({ error: 'must be a number of seconds' }).positive().max(3600, 'must be at most 3600 seconds')),
  TURNWISE_JUDGE_RPM: optional(z.coerce.number({ error: 'must be a number' }).positive()),
  TURNWISE_JUDGE_TPM: optional(z.coerce.number({ error: 'must be a number' }).positive()),
});

const perMinute = z.number({ error: 'must be a number' }).positive().optional();

const namedJudgeSchema = z
  .strictObject({
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, ".", "_" or "-"')
      .refine((name) => name !== OPENAI_JUDGE_NAME && name !== OFFLINE_JUDGE_NAME, 'is reserved'),
    baseUrl: httpUrl,
    apiKeyEnv: envName.optional(),
    models: z.array(z.string().trim().min(1)).min(1, 'must list at least one model'),
    defaultModel: z.string().trim().min(1).optional(),
    /** Requests per minute the connection allows. */
    rpm: perMinute,
    /** Tokens per minute the connection allows. */
    tpm: perMinute,
  })
  .refine((judge) => !judge.defaultModel || judge.models.includes(judge.defaultModel), {
    message: 'must be one of models',
    path: ['defaultModel'],
  });

const namedJudgesSchema = z.array(namedJudgeSchema).refine(
  (judges) => new Set(judges.map((j) => j.name)).size === judges.length,
  'judge names must be unique',
);

/** Judge requests in flight when a run does not say: TURNWISE_JUDGE_CONCURRENCY, else 8 (a malformed value is reported where a judge is built). */
export function defaultJudgeConcurrency(env: Record<string, string | undefined>): number {
  const parsed = envSchema.shape.TURNWISE_JUDGE_CONCURRENCY.safeParse(env.TURNWISE_JUDGE_CONCURRENCY);
  return (parsed.success ? parsed.data : undefined) ?? DEFAULT_JUDGE_CONCURRENCY;
}

/** Judge configuration from an environment record (pass process.env at the boundary). */
export function loadJudgeConfig(env: Record<string, string | undefined>): JudgeConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw configError(parsed.error.issues[0]);
  const vars = parsed.data;
  const model = vars.TURNWISE_JUDGE_MODEL ?? DEFAULT_JUDGE_MODEL;
  registerSecret(vars.OPENAI_API_KEY);
  const onOpenAI = !vars.OPENAI_BASE_URL || new URL(vars.OPENAI_BASE_URL).host === new URL(DEFAULT_OPENAI_BASE_URL).host;
  return {
    concurrency: vars.TURNWISE_JUDGE_CONCURRENCY ?? DEFAULT_JUDGE_CONCURRENCY,
    attempts: vars.TURNWISE_JUDGE_ATTEMPTS ?? 3,
    retryBudgetMs: Math.round((vars.TURNWISE_JUDGE_RETRY_BUDGET_S ?? DEFAULT_RETRY_BUDGET_MS / 1000) * 1000),
    timeoutMs: Math.round((vars.TURNWISE_JUDGE_TIMEOUT_S ?? DEFAULT_JUDGE_TIMEOUT_MS / 1000) * 1000),
    openai: {
      name: OPENAI_JUDGE_NAME,
      baseURL: vars.OPENAI_BASE_URL,
      apiKeyEnv: 'OPENAI_API_KEY',
      apiKey: vars.OPENAI_API_KEY ?? null,
      // Another server behind OPENAI_BASE_URL serves its own models: offer only the configured one.
      models: onOpenAI ? [model, ...Object.keys(MODEL_PRICES).filter((m) => m !== model)] : [model],
      defaultModel: model,
      rpm: vars.TURNWISE_JUDGE_RPM ?? null,
      tpm: vars.TURNWISE_JUDGE_TPM ?? null,
    },
    judges: parseNamedJudges(vars.TURNWISE_JUDGES, env),
    egressAllow: readEgressSettings(env).allow,
  };
}

function parseNamedJudges(text: string | undefined, env: Record<string, string | undefined>): JudgeEndpoint[] {
  if (text === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AppError('CONFIG', `TURNWISE_JUDGES is not valid JSON: ${(error as Error).message}`, {
      variable: 'TURNWISE_JUDGES',
    });
  }
  const inlineKey = Array.isArray(json) && json.some((j) => typeof j === 'object' && j !== null && 'apiKey' in j);
  if (inlineKey) {
    throw new AppError('CONFIG', 'TURNWISE_JUDGES must not contain keys: put each key in its own variable and name it in apiKeyEnv', {
      variable: 'TURNWISE_JUDGES',
    });
  }
  const parsed = namedJudgesSchema.safeParse(json);
  if (!parsed.success) throw configError({ ...parsed.error.issues[0], path: ['TURNWISE_JUDGES', ...parsed.error.issues[0].path] });
  return parsed.data.map((judge) => {
    const key = judge.apiKeyEnv ? env[judge.apiKeyEnv]?.trim() : undefined;
    registerSecret(key);
    return {
      name: judge.name,
      baseURL: judge.baseUrl,
      apiKeyEnv: judge.apiKeyEnv ?? null,
      apiKey: key ? key : null,
      models: judge.models,
      defaultModel: judge.defaultModel ?? judge.models[0],
      rpm: judge.rpm ?? null,
      tpm: judge.tpm ?? null,
    };
  });
}

function configError(issue: { path: PropertyKey[]; message: string }): AppError {
  const [variable, ...rest] = issue.path.map(String);
  const where = rest.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : `${acc}.${part}`), variable);
  return new AppError('CONFIG', `${where}: ${issue.message}`, { variable });
}

/** Every judge the UI can offer, without keys. */
export function listJudges(config: JudgeConfig): JudgeInfo[] {
  const offline: JudgeInfo = {
    name: OFFLINE_JUDGE_NAME,
    label: OFFLINE_JUDGE_LABEL,
    scope: OFFLINE_JUDGE_SCOPE,
    kind: 'offline',
    models: [OFFLINE_MODEL],
    defaultModel: OFFLINE_MODEL,
    hasKey: false,
    available: true,
  };
  const describe = (endpoint: JudgeEndpoint): JudgeInfo => ({
    name: endpoint.name,
    label: endpoint.name,
    scope: null,
    kind: 'openai',
    models: [...endpoint.models],
    defaultModel: endpoint.defaultModel,
    hasKey: endpoint.apiKey !== null,
    available: endpoint.apiKeyEnv === null || endpoint.apiKey !== null,
  });
  return [offline, describe(config.openai), ...config.judges.map(describe)];
}

/**
 * The judge a form preselects and a request without a judge gets: never one nobody chose. The
 * connection an admin marked default (when it has what it needs to run); else the OpenAI judge
 * when OPENAI_API_KEY is set (the operator configured it as the judge); else the offline judge.
 * Another connection, the first stored one say, is never picked by default: it may be a replay
 * target, and a click would spend on it.
 */
export function defaultJudgeSelection(config: JudgeConfig): JudgeSelection {
  const marked = config.judges.find((j) => j.isDefault && (j.apiKeyEnv === null || j.apiKey !== null));
  if (marked) return { kind: 'openai', name: marked.name };
  return config.openai.apiKey ? { kind: 'openai', name: OPENAI_JUDGE_NAME } : { kind: 'offline' };
}

/** The name of that judge, as the forms' judge lists name it. */
export const defaultJudgeName = (config: JudgeConfig): string => {
  const selection = defaultJudgeSelection(config);
  return selection.kind === 'offline' ? OFFLINE_JUDGE_NAME : (selection.name ?? OPENAI_JUDGE_NAME);
};

/**
 * The judge a selection names. Replies of OpenAI-compatible judges go through `cache` when
 * given; the offline judge is never cached (it is free, and a cache would pin old heuristics).
 * `deferCacheWrites`: replies are written in batches, off the calls' path; the caller calls the
 * judge's flush when its work ends (lib/judge/cache.ts).
 */
export function createJudge(
  selection: JudgeSelection,
  config: JudgeConfig,
  options: { cache?: JudgeCache; concurrency?: number; deferCacheWrites?: boolean } = {},
): Judge {
  const parsed = judgeSelectionSchema.safeParse(selection);
  if (!parsed.success) throw new AppError('BAD_INPUT', `Invalid judge selection: ${parsed.error.issues[0].message}`);
  const chosen = parsed.data;
  if (chosen.kind === 'offline') return createOfflineJudge();

  const endpoint = findEndpoint(config, chosen.name ?? OPENAI_JUDGE_NAME);
  if (endpoint.apiKeyEnv !== null && endpoint.apiKey === null) {
    throw new AppError('CONFIG', `Judge "${endpoint.name}" needs a key in ${endpoint.apiKeyEnv}, which is not set`, {
      variable: endpoint.apiKeyEnv,
    });
  }
  const judge = createOpenAIJudge({
    name: endpoint.name,
    baseURL: endpoint.baseURL,
    apiKey: endpoint.apiKey,
    model: chosen.model ?? endpoint.defaultModel,
    concurrency: options.concurrency ?? config.concurrency,
    attempts: config.attempts,
    retryBudgetMs: config.retryBudgetMs,
    timeoutMs: config.timeoutMs,
    rpm: endpoint.rpm,
    tpm: endpoint.tpm,
  }, { egress: adminPolicy({ allow: config.egressAllow ?? [] }) });
  return options.cache ? withCache(judge, options.cache, { deferWrites: options.deferCacheWrites }) : judge;
}

function findEndpoint(config: JudgeConfig, name: string): JudgeEndpoint {
  if (name === OPENAI_JUDGE_NAME) return config.openai;
  const endpoint = config.judges.find((j) => j.name === name);
  if (!endpoint) {
    const known = [OFFLINE_JUDGE_NAME, OPENAI_JUDGE_NAME, ...config.judges.map((j) => j.name)].join(', ');
    throw new AppError('BAD_INPUT', `Unknown judge "${name}"; configured judges: ${known}`);
  }
  return endpoint;
}
