import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { egressErrorOf } from './egress';
import { replyTooLarge } from './bounded-fetch';
import { readRateLimitHeaders } from './rate-limit-headers';

/** One request that did not give a usable reply (of a judge step, a target turn), and why. */
export interface RequestRetry {
  /** Which request of the step it was, from 1. */
  attempt: number;
  cause: string;
}

export type FailureKind = 'refused' | 'transient' | 'fatal';

/** Every request of one attempt came back cut short (incomplete JSON), up to the transient retries. */
export class ReplyCutShortError extends Error {
  constructor(readonly times: number) {
    super(`the reply was cut short (incomplete JSON) ${times} ${times === 1 ? 'time' : 'times'} in a row`);
    this.name = 'ReplyCutShortError';
  }
}

/** What each attempt of a step ended with, for the error of a step that fails: "attempt 1: …; attempt 2: …". */
export const describeAttempts = (causes: readonly string[]): string => causes.map((cause, i) => `attempt ${i + 1}: ${cause}`).join('; ');

/**
 * How the retry loop treats an error of one request: a 429 is waited out (the limiter owns
 * the wait); 408, 409, 5xx, timeouts, cut connections and bodies that are not JSON are
 * retried with backoff; the rest (400, 401, 404…, a reply over the read limit) fail at once. x-should-retry, when the
 * endpoint sends it, decides as it does for the openai SDK.
 */
export function classifyFailure(error: unknown): FailureKind {
  // A request the egress policy stopped, or a redirect it did not follow, fails the same way every time.
  if (error instanceof APIUserAbortError || replyTooLarge(error) || egressErrorOf(error)) return 'fatal';
  if (error instanceof APIError) {
    const should = error.headers?.get?.('x-should-retry');
    if (should === 'false') return 'fatal';
    if (error.status === 429) return 'refused';
    if (should === 'true') return 'transient';
    if (error.status === undefined) return 'transient';
    return error.status === 408 || error.status === 409 || error.status >= 500 ? 'transient' : 'fatal';
  }
  return isCutBody(error) ? 'transient' : 'fatal';
}

/** A reply body cut short: a JSON parse error, or fetch's "terminated" when the connection drops mid-body. */
export function isCutBody(error: unknown): boolean {
  if (error instanceof SyntaxError) return true;
  if (!(error instanceof TypeError)) return false;
  const code = (error.cause as { code?: string } | undefined)?.code;
  return error.message === 'terminated' || code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
}

/**
 * The cut body behind a client's connection error: a body read whole inside the fetch
 * (lib/llm/pooled-fetch.ts) that the connection dropped fails the fetch as "terminated", and
 * the client hands that on as the cause of its connection error.
 */
export function cutBodyBehind(error: unknown): Error | undefined {
  if (!(error instanceof APIError) || error.status !== undefined || error instanceof APIConnectionTimeoutError) return undefined;
  return isCutBody(error.cause) ? (error.cause as Error) : undefined;
}

const cutCause = (error: Error): string => `connection cut mid-reply: ${(error.cause as Error | undefined)?.message ?? error.message}`;

export function failureCause(error: unknown): string {
  const large = replyTooLarge(error);
  if (large) return large.message;
  const egress = egressErrorOf(error);
  if (egress) return egress.message;
  if (error instanceof APIConnectionTimeoutError) return 'timed out';
  const cut = cutBodyBehind(error);
  if (cut) return cutCause(cut);
  if (error instanceof APIError) {
    if (error.status === undefined) return `no reply: ${error.message}`;
    const wait = readRateLimitHeaders(error.headers).retryAfterMs;
    const label = error.status === 429 ? 'rate limited' : error.status >= 500 ? 'server error' : 'error';
    return `${error.status} ${label}${wait !== null ? ` (retry after ${(wait / 1000).toFixed(wait < 1000 ? 2 : 1)} s)` : ''}`;
  }
  if (error instanceof SyntaxError) return `reply body is not JSON (cut short?): ${error.message}`;
  if (isCutBody(error)) return cutCause(error as Error);
  return error instanceof Error ? error.message : String(error);
}

/** Wait before retry `n` (from 1): base × 2^(n-1), at most 8 s, minus up to 25 % jitter; a retry-after of the reply wins. */
export function backoffMs(n: number, baseMs: number, error?: unknown): number {
  if (error instanceof APIError) {
    const wait = readRateLimitHeaders(error.headers).retryAfterMs;
    if (wait !== null && wait <= 60_000) return wait;
  }
  return Math.min(8000, baseMs * 2 ** (n - 1)) * (1 - Math.random() * 0.25);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** "4 min 30 s", "45 s". */
export function formatWait(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
}
