import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import pLimit from 'p-limit';
import { z } from 'zod';
import { AppError } from '../errors';
import { sharedLimiter, type AdaptiveLimiter } from '../llm/adaptive-limiter';
import { boundedFetch, replyTooLarge } from '../llm/bounded-fetch';
import { endpointCacheScope, judgeCacheKey, requestJsonSchema } from './cache-key';
import { failureSignature, statusCause } from '../llm/error-cause';
import { isCutShort, parseReply } from './parse-reply';
import { estimateCost, estimateTokens } from '../llm/prices';
import { backoffMs, classifyFailure, describeAttempts, failureCause, formatWait, isCutBody, ReplyCutShortError, sleep, type JudgeRetry } from '../llm/request-retries';
import { formatRequest, repairMessages, RESPONSE_MODES, type ResponseMode } from './response-format';
import type { JsonSchema } from './strict-json-schema';
import {
  JudgeOutputError,
  type ChatMessage,
  type Judge,
  type JudgeRateLimitStatus,
  type JudgeReply,
  type JudgeRequest,
  type TokenLogprobs,
} from './types';
import { createUsageCounter } from './usage-counter';
import { redactSecrets, registerSecret } from '../redact-secrets';
import { egressErrorOf, egressFetch, OPERATOR_POLICY, type EgressPolicy } from '../llm/egress';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_JUDGE_MODEL = 'gpt-4.1';
export const DEFAULT_RETRY_BUDGET_MS = 5 * 60_000;
export const DEFAULT_JUDGE_TIMEOUT_MS = 60_000;

export const openAIJudgeOptionsSchema = z.object({
  baseURL: z.url({ protocol: /^https?$/ }).optional(),
  /** null: send no Authorization header (local servers that need no key). */
  apiKey: z.string().min(1).nullable(),
  model: z.string().min(1).default(DEFAULT_JUDGE_MODEL),
  concurrency: z.number().int().positive().default(8),
  /** Retries of one request on transient errors (408, 409, 5xx, timeouts, cut connections, replies cut short). */
  maxRetries: z.number().int().min(0).default(10),
  /** Requests for a reply that passes validation: the first, then the repair prompt, then fresh requests. */
  attempts: z.number().int().min(1).default(3),
  /** How long one request may keep meeting 429s before the step fails. */
  retryBudgetMs: z.number().int().positive().default(DEFAULT_RETRY_BUDGET_MS),
  /** First backoff of transient retries, doubling up to 8 s. */
  retryBaseMs: z.number().int().min(0).default(500),
  /** Requests and tokens per minute the connection allows; null: learnt from the endpoint's replies. */
  rpm: z.number().positive().nullable().default(null),
  tpm: z.number().positive().nullable().default(null),
  /** Per request (TURNWISE_JUDGE_TIMEOUT_S). */
  timeoutMs: z.number().int().positive().default(DEFAULT_JUDGE_TIMEOUT_MS),
  /** Retries of a request that timed out: an endpoint that hangs fails the step after (1 + this) timeouts. */
  timeoutRetries: z.number().int().min(0).default(1),
  responseFormat: z.enum(['auto', 'json_schema', 'json_object', 'text']).default('auto'),
  name: z.string().min(1).default('openai'),
});
export type OpenAIJudgeOptions = z.input<typeof openAIJudgeOptionsSchema>;

export interface OpenAIJudge extends Judge {
  readonly name: string;
  /** The endpoint its replies are cached under (endpointCacheScope of its base URL). */
  readonly cacheScope: string;
  /** The response mode this judge settled on; null until a call succeeded in auto mode. */
  responseMode(): ResponseMode | null;
  rateLimit(): JudgeRateLimitStatus;
}

interface Completion {
  logprobs?: TokenLogprobs[];
  raw: string;
  refusal: string | null;
  model: string;
  mode: ResponseMode;
}

/** What one step spent and met over all its requests. */
interface StepLog {
  requests: number;
  retries: JudgeRetry[];
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

/** Replies are short JSON; the estimate only has to be of the right size for tpm pacing. */
const EXPECTED_COMPLETION_TOKENS = 300;

/**
 * A judge on any OpenAI-compatible chat.completions endpoint. The retry loop is ours (the
 * SDK's is off): a 429 waits in the connection's shared limiter (lib/llm/adaptive-limiter.ts)
 * for as long as the retry budget allows; transient errors retry with backoff up to
 * maxRetries; a reply that fails validation gets the repair prompt, then a fresh request,
 * up to `attempts`. Every retry's cause is logged on the reply.
 */
export function createOpenAIJudge(input: OpenAIJudgeOptions, { egress = OPERATOR_POLICY }: { egress?: EgressPolicy } = {}): OpenAIJudge {
  const options = openAIJudgeOptionsSchema.parse(input);
  const baseURL = options.baseURL ?? DEFAULT_OPENAI_BASE_URL;
  const cacheScope = endpointCacheScope(baseURL);
  registerSecret(options.apiKey);
  // Every credential is passed explicitly (null, not undefined) so the SDK never falls back
  // to OPENAI_* variables of the process: a key goes only to the endpoint it was configured for.
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'no-key',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL,
    maxRetries: 0,
    timeout: options.timeoutMs,
    // Every request goes through the egress check (pinned address, same-origin redirects only).
    fetch: boundedFetch({}, egressFetch(egress)),
    defaultHeaders: options.apiKey === null ? { Authorization: null } : undefined,
  });
  const limit = pLimit(options.concurrency);
  const usage = createUsageCounter();
  const fixedMode = options.responseFormat === 'auto' ? null : options.responseFormat;
  let settledMode: ResponseMode | null = fixedMode;
  const limits = { rpm: options.rpm, tpm: options.tpm };
  const limiters = new Set<AdaptiveLimiter>();
  let refused = 0;
  let waiting = 0;
  let logprobsRefused = false;

  function limiterFor(model: string): AdaptiveLimiter {
    const limiter = sharedLimiter({ baseURL, apiKey: options.apiKey, model }, limits);
    limiters.add(limiter);
    return limiter;
  }

  async function acquire(limiter: AdaptiveLimiter, tokens: number, signal: AbortSignal | undefined, front: boolean) {
    waiting++;
    try {
      return await limiter.acquire(tokens, { signal, front });
    } finally {
      waiting--;
    }
  }

  /** One request, retried until it gets a reply: through 429s (waiting) and transient errors (backoff). */
  async function send(
    mode: ResponseMode,
    model: string,
    messages: ChatMessage[],
    schemaName: string,
    schema: JsonSchema,
    signal: AbortSignal | undefined,
    log: StepLog,
    topLogprobs?: number,
    temperature = 0,
  ): Promise<Completion> {
    const formatted = formatRequest(mode, messages, schemaName, schema);
    const limiter = limiterFor(model);
    const tokens = estimateTokens(formatted.messages.map((m) => m.content).join('\n')) + EXPECTED_COMPLETION_TOKENS;
    const body = {
      model,
      messages: formatted.messages,
      ...(formatted.responseFormat ? { response_format: formatted.responseFormat } : {}),
      ...(topLogprobs ? { logprobs: true, top_logprobs: topLogprobs } : {}),
      ...(acceptsTemperature(model) ? { temperature } : {}),
    };
    let transient = 0;
    let timeouts = 0;
    let refusedSince: number | null = null;
    for (let retry = 0; ; retry++) {
      log.requests++;
      const outcome = await limit(async () => {
        signal?.throwIfAborted();
        const permit = await acquire(limiter, tokens, signal, refusedSince !== null || transient > 0);
        try {
          const { data, response } = await client.chat.completions
            .create(body, { signal, headers: { 'x-stainless-retry-count': String(retry) } })
            .withResponse();
          permit.done({ kind: 'ok', headers: response.headers, tokens: data.usage?.total_tokens });
          return { ok: true as const, completion: data };
        } catch (error) {
          permit.done(error instanceof APIError && error.status === 429 ? { kind: 'refused', headers: error.headers } : { kind: 'other' });
          return { ok: false as const, error };
        }
      });

      if (outcome.ok) {
        const choice = outcome.completion.choices[0];
        const promptTokens = outcome.completion.usage?.prompt_tokens ?? 0;
        const completionTokens = outcome.completion.usage?.completion_tokens ?? 0;
        const replyModel = outcome.completion.model || model;
        const costUsd = estimateCost(replyModel, promptTokens, completionTokens);
        usage.addCall(promptTokens, completionTokens, costUsd);
        log.promptTokens += promptTokens;
        log.completionTokens += completionTokens;
        log.costUsd += costUsd;
        const completion: Completion = {
          raw: choice?.message?.content ?? '',
          refusal: choice?.message?.refusal ?? null,
          model: replyModel,
          mode,
          ...(choice?.logprobs?.content
            ? { logprobs: choice.logprobs.content.map((c) => ({ token: c.token, top: c.top_logprobs.map((t) => ({ token: t.token, logprob: t.logprob })) })) }
            : {}),
        };
        // A reply cut short is a fault of the connection or the token limit, not an invalid
        // reply: it is asked again as it was, under the transient budget, never the validation one.
        if (isCutShort(completion.raw, choice?.finish_reason ?? null)) {
          log.retries.push({ attempt: log.requests, cause: 'reply cut short (incomplete JSON)' });
          if (++transient > options.maxRetries) throw new ReplyCutShortError(transient);
          await sleep(backoffMs(transient, options.retryBaseMs), signal);
          continue;
        }
        return completion;
      }

      const { error } = outcome;
      const kind = classifyFailure(error);
      if (kind === 'fatal') throw error;
      log.retries.push({ attempt: log.requests, cause: failureCause(error) });
      if (kind === 'refused') {
        refused++;
        const now = Date.now();
        refusedSince ??= now;
        if (now - refusedSince >= options.retryBudgetMs) {
          throw new AppError(
            'JUDGE',
            `Judge "${options.name}" (model ${model}) refused the request with 429 (rate limit) for ${formatWait(now - refusedSince)}: giving up. ` +
              'Set the connection\'s rpm/tpm, lower the concurrency, or raise TURNWISE_JUDGE_RETRY_BUDGET_S.',
            { judge: options.name, model, status: 429, retries: log.retries },
          );
        }
        // The limiter holds the request back for as long as the endpoint asked.
        continue;
      }
      transient++;
      if (transient > options.maxRetries) throw error;
      if (error instanceof APIConnectionTimeoutError && ++timeouts > options.timeoutRetries) throw error;
      await sleep(backoffMs(transient, options.retryBaseMs, error), signal);
    }
  }

  /** In auto mode, steps down json_schema → json_object → text while the server rejects the format. */
  async function sendWithFallback(
    model: string,
    messages: ChatMessage[],
    schemaName: string,
    schema: JsonSchema,
    signal: AbortSignal | undefined,
    log: StepLog,
    topLogprobs?: number,
    temperature?: number,
  ): Promise<Completion> {
    const modes = settledMode ? [settledMode] : RESPONSE_MODES;
    for (let i = 0; ; i++) {
      try {
        const asked = logprobsRefused ? undefined : topLogprobs;
        const completion = await send(modes[i], model, messages, schemaName, schema, signal, log, asked, temperature).catch((error: unknown) => {
          // A server that refuses logprobs is asked again without them, and not asked for them again.
          if (!asked || !isFormatRejection(error)) throw error;
          logprobsRefused = true;
          return send(modes[i], model, messages, schemaName, schema, signal, log, undefined, temperature);
        });
        // Only a success settles the mode: a 400 for another reason (context too long) must
        // not downgrade the judge for good.
        settledMode ??= modes[i];
        return completion;
      } catch (error) {
        if (i < modes.length - 1 && isFormatRejection(error)) continue;
        throw error;
      }
    }
  }

  async function call<T>(request: JudgeRequest<T>): Promise<JudgeReply<T>> {
    const model = request.model ?? options.model;
    const schema = requestJsonSchema(request.jsonSchemaOf ?? request.schema);
    const cacheKey = judgeCacheKey(model, request.messages, schema, request.topLogprobs, request.sampling, cacheScope);
    const log: StepLog = { requests: 0, retries: [], promptTokens: 0, completionTokens: 0, costUsd: 0 };
    // How each attempt ended; only a reply that arrived whole and failed validation ends one and starts the next.
    const attemptCauses: string[] = [];
    try {
      let messages = request.messages;
      for (let attempt = 1; ; attempt++) {
        const reply = await sendWithFallback(model, messages, request.schemaName, schema, request.signal, log, request.topLogprobs, request.sampling?.temperature).catch(
          (error: unknown) => {
            attemptCauses.push(failureCause(error));
            throw error;
          },
        );
        const parsed = parseReply(reply.raw, request.schema);
        if (parsed.ok) {
          return {
            output: parsed.output,
            raw: reply.raw,
            model: reply.model,
            promptTokens: log.promptTokens,
            completionTokens: log.completionTokens,
            costUsd: log.costUsd,
            cached: false,
            cacheKey,
            ...(log.retries.length > 0 ? { retries: log.retries } : {}),
            ...(reply.logprobs ? { logprobs: reply.logprobs } : {}),
          };
        }
        const problem = replyError(reply, parsed.error);
        log.retries.push({ attempt: log.requests, cause: `invalid reply: ${problem}` });
        attemptCauses.push(`invalid reply: ${problem}`);
        if (attempt >= options.attempts) {
          throw new JudgeOutputError(
            `Judge reply for step "${request.step}" is invalid after ${attempts(options.attempts)}: ${
              options.attempts === 1 ? problem : describeAttempts(attemptCauses)
            }`,
            reply.raw,
            log.retries,
          );
        }
        // Odd attempts are followed by the repair prompt; even ones by a fresh request after a pause.
        if (attempt % 2 === 1) {
          messages = [...request.messages, ...repairMessages(reply.raw, problem)];
        } else {
          messages = request.messages;
          await sleep(backoffMs(attempt / 2, options.retryBaseMs), request.signal);
        }
      }
    } catch (error) {
      throw toJudgeError(error, options.name, model, options.apiKey, log.retries, attemptCauses);
    }
  }

  return {
    kind: 'openai',
    name: options.name,
    model: options.model,
    cacheScope,
    call,
    usage: usage.snapshot,
    responseMode: () => settledMode,
    rateLimit: () => {
      const states = [...limiters].map((l) => l.state());
      const since = states.map((s) => s.waitingSince).filter((t): t is number => t !== null);
      const rpm = states.map((s) => s.limitRpm).filter((r): r is number => r !== null);
      return {
        refused,
        waitingSince: waiting > 0 && since.length > 0 ? Math.min(...since) : null,
        limitRpm: rpm.length > 0 ? Math.min(...rpm) : null,
      };
    },
  };
}

const attempts = (n: number): string => (n === 1 ? 'one attempt' : `${n} attempts (a repair prompt, then fresh requests)`);

function replyError(completion: Completion, error: string): string {
  return completion.refusal && !completion.raw ? `the model refused: ${completion.refusal}` : error;
}

const isFormatRejection = (error: unknown): boolean =>
  error instanceof APIError && (error.status === 400 || error.status === 422);

// Reasoning models (o-series, gpt-5) reject any temperature but the default.
const acceptsTemperature = (model: string): boolean => !/^(openai\/)?(o\d|gpt-5)/i.test(model);

/** Characters of an endpoint's error answer the server log keeps. */
const LOGGED_EXCERPT = 300;

/**
 * The error a judge step fails with: status and a cause in our words, never the endpoint's
 * answer (lib/llm/error-cause.ts says why). The answer, cut short and redacted, goes
 * to the server log; `details.signature` tells failures of the same kind apart without it.
 * A step that failed on a fault after invalid replies names how every attempt ended.
 */
function toJudgeError(error: unknown, name: string, model: string, apiKey: string | null, found: JudgeRetry[], attemptCauses: string[] = []): unknown {
  if (error instanceof JudgeOutputError || error instanceof APIUserAbortError) return error;
  const earlier = attemptCauses.length > 1 ? ` Attempts: ${describeAttempts(attemptCauses)}.` : '';
  if (error instanceof AppError) return earlier ? new AppError(error.code, redactSecrets(error.message + earlier, [apiKey]), error.details) : error;
  const retries = found.map((r) => ({ ...r, cause: redactSecrets(r.cause, [apiKey]) }));
  const where = `Judge "${name}" (model ${model})`;
  const tried = retries.length > 0 ? ` (after ${retries.length} ${retries.length === 1 ? 'retry' : 'retries'})` : '';
  const egress = egressErrorOf(error);
  if (egress) return new AppError('JUDGE', redactSecrets(`${where}: ${egress.message}`, [apiKey]), { judge: name, model, status: null, retries });
  const large = replyTooLarge(error);
  if (large) return new AppError('JUDGE', `${where} sent a reply too large to read: ${large.message}.${earlier}`, { judge: name, model, status: null, retries });
  if (error instanceof ReplyCutShortError) {
    return new AppError('JUDGE', redactSecrets(`${where} sent no complete reply${tried}: ${error.message}.${earlier}`, [apiKey]), { judge: name, model, status: null, retries });
  }
  if (error instanceof APIError) {
    const details = { judge: name, model, status: error.status ?? null, retries, signature: failureSignature(error) };
    if (error.status === undefined) {
      // The client's own words (connection error, timed out): nothing the endpoint sent.
      return new AppError('JUDGE', redactSecrets(`${where} could not get a reply from its endpoint${tried}: ${error.message}${earlier}`, [apiKey]), details);
    }
    // Redacted before it is cut (the message is at most the 4 KB the fetch kept), so a key at the cut goes whole.
    console.warn(`${where}: the endpoint answered ${redactSecrets(error.message, [apiKey]).slice(0, LOGGED_EXCERPT)}`);
    const code = typeof error.code === 'string' ? error.code : null;
    return new AppError(
      'JUDGE',
      redactSecrets(`${where} request failed with status ${error.status} (${statusCause(error.status, code)})${tried}. The endpoint's own answer is in the server log (and, for a stored connection, shown by Test on Judge connections).${earlier}`, [apiKey]),
      details,
    );
  }
  if (isCutBody(error)) {
    return new AppError('JUDGE', redactSecrets(`${where} sent no complete reply${tried}: ${failureCause(error)}${earlier}`, [apiKey]), { judge: name, model, status: null, retries });
  }
  return error;
}
