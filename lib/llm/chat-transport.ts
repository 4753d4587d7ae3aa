import type OpenAI from 'openai';
import { APIConnectionTimeoutError, APIError } from 'openai';
import pLimit from 'p-limit';
import { sharedLimiter, type AdaptiveLimiter, type ConnectionLimits, type LimiterState } from './adaptive-limiter';
import { ERROR_BODY_LIMIT, REPLY_BODY_LIMIT, ReplyTooLargeError } from './bounded-fetch';
import { pinnedDispatcher, type EgressPolicy } from './egress';
import { createOpenAIClient } from './openai-client';
import { pooledFetch } from './pooled-fetch';
import { estimateCost } from './prices';
import { backoffMs, classifyFailure, failureCause, ReplyCutShortError, sleep, type RequestRetry } from './request-retries';

/** Retries of one request: transient errors, timeouts, and how long 429s may go on. */
export interface ChatRetryPolicy {
  /** Retries on transient errors (408, 409, 5xx, timeouts, cut connections, replies cut short). */
  maxRetries: number;
  /** First backoff of transient retries, doubling up to 8 s. */
  retryBaseMs: number;
  /** How long one request may keep meeting 429s before it fails. */
  retryBudgetMs: number;
  /** Retries of a request that timed out: an endpoint that hangs fails after (1 + this) timeouts. */
  timeoutRetries: number;
}

/** One OpenAI-compatible endpoint as a transport: built once (per judge, run or replay) and shared by its requests. */
export interface ChatTransportOptions {
  baseURL: string;
  /** null: no Authorization header (local servers that need no key). */
  apiKey: string | null;
  /** Requests in flight at once through this transport. */
  concurrency: number;
  /** Requests and tokens per minute the connection allows; null: learnt from the endpoint's replies. */
  limits: ConnectionLimits;
  /** Per request. */
  timeoutMs: number;
  retries: ChatRetryPolicy;
  /** What the base URL may reach (lib/llm/egress). */
  egress: EgressPolicy;
  /** The error a request fails with once 429s have lasted the retry budget. */
  refusedTooLong: (request: { model: string; waitedMs: number; retries: RequestRetry[] }) => Error;
  /** Told of every reply's tokens and cost (a judge's usage counter). */
  onUsage?: (promptTokens: number, completionTokens: number, costUsd: number) => void;
}

/** One chat completion to ask for: everything the transport needs, in one object. */
export interface ChatRequest {
  model: string;
  /** The body as sent (messages, response_format, logprobs, temperature…); the model is added. */
  body: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, 'model'>;
  /** The request's size in tokens, reply included, as the limiter paces it under a token limit. */
  tokens: number;
  signal?: AbortSignal;
  /** A reply that arrived but is cut short (a judge's incomplete JSON): asked again as it was, under the transient retries. */
  isCutShort?: (content: string, finishReason: string | null) => boolean;
}

/** What one request spent and met over all its attempts (a judge step adds up several requests in one log). */
export interface RequestLog {
  requests: number;
  retries: RequestRetry[];
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

export const newRequestLog = (): RequestLog => ({ requests: 0, retries: [], promptTokens: 0, completionTokens: 0, costUsd: 0 });

export interface ChatTransport {
  readonly baseURL: string;
  /** One request, retried until it gets a reply: through 429s (waiting in the limiter) and transient errors (backoff). */
  complete(request: ChatRequest, log: RequestLog): Promise<{ completion: OpenAI.ChatCompletion; model: string }>;
  /** 429s met since the transport was built. */
  refused(): number;
  /** Requests waiting for the limiter now. */
  waiting(): number;
  /** The states of the limiters its requests went through (one per model). */
  limiterStates(): LimiterState[];
}

/**
 * The OpenAI-compatible transport: one SDK client (egress-checked, bounded reads) and one pool of
 * `concurrency` requests in flight, each paced by the connection's shared adaptive limiter
 * (lib/llm/adaptive-limiter.ts). The retry loop is ours (the SDK's is off): a 429 waits in the
 * limiter for as long as the retry budget allows; transient errors retry with backoff up to
 * maxRetries; every retry's cause is logged.
 */
export function createChatTransport(options: ChatTransportOptions): ChatTransport {
  const { baseURL, retries: policy } = options;
  // Over undici's pools, the body read whole under the bound (an error answer cut to a few KB):
  // the fetch of the replay targets, a fraction of the CPU of Node's fetch per request.
  const fetch = pooledFetch(REPLY_BODY_LIMIT, (declared) => new ReplyTooLargeError(REPLY_BODY_LIMIT, declared), pinnedDispatcher(options.egress), { errorBytes: ERROR_BODY_LIMIT });
  const client = createOpenAIClient({ baseURL, apiKey: options.apiKey, timeoutMs: options.timeoutMs, fetch });
  const limit = pLimit(options.concurrency);
  const limiters = new Set<AdaptiveLimiter>();
  let refused = 0;
  let waiting = 0;

  function limiterFor(model: string): AdaptiveLimiter {
    const limiter = sharedLimiter({ baseURL, apiKey: options.apiKey, model }, options.limits);
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

  async function complete(request: ChatRequest, log: RequestLog): Promise<{ completion: OpenAI.ChatCompletion; model: string }> {
    const { model, signal, tokens } = request;
    const limiter = limiterFor(model);
    const body = { model, ...request.body } as OpenAI.ChatCompletionCreateParamsNonStreaming;
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
        const { completion } = outcome;
        const choice = completion.choices[0];
        const promptTokens = completion.usage?.prompt_tokens ?? 0;
        const completionTokens = completion.usage?.completion_tokens ?? 0;
        const replyModel = completion.model || model;
        const costUsd = estimateCost(replyModel, promptTokens, completionTokens);
        options.onUsage?.(promptTokens, completionTokens, costUsd);
        log.promptTokens += promptTokens;
        log.completionTokens += completionTokens;
        log.costUsd += costUsd;
        // A reply cut short is a fault of the connection or the token limit, not an invalid
        // reply: it is asked again as it was, under the transient budget, never the validation one.
        if (request.isCutShort?.(choice?.message?.content ?? '', choice?.finish_reason ?? null)) {
          log.retries.push({ attempt: log.requests, cause: 'reply cut short (incomplete JSON)' });
          if (++transient > policy.maxRetries) throw new ReplyCutShortError(transient);
          await sleep(backoffMs(transient, policy.retryBaseMs), signal);
          continue;
        }
        return { completion, model: replyModel };
      }

      const { error } = outcome;
      const kind = classifyFailure(error);
      if (kind === 'fatal') throw error;
      log.retries.push({ attempt: log.requests, cause: failureCause(error) });
      if (kind === 'refused') {
        refused++;
        const now = Date.now();
        refusedSince ??= now;
        if (now - refusedSince >= policy.retryBudgetMs) throw options.refusedTooLong({ model, waitedMs: now - refusedSince, retries: log.retries });
        // The limiter holds the request back for as long as the endpoint asked.
        continue;
      }
      transient++;
      if (transient > policy.maxRetries) throw error;
      if (error instanceof APIConnectionTimeoutError && ++timeouts > policy.timeoutRetries) throw error;
      await sleep(backoffMs(transient, policy.retryBaseMs, error), signal);
    }
  }

  return {
    baseURL,
    complete,
    refused: () => refused,
    waiting: () => waiting,
    limiterStates: () => [...limiters].map((l) => l.state()),
  };
}
