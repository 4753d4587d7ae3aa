import { AppError } from '../errors';
import { egressErrorOf, EgressRefusedError } from './egress';
import { sharedLimiter, type ConnectionLimits, type PermitOutcome } from './adaptive-limiter';
import { backoffMs, formatWait, sleep } from './request-retries';
import { RequestFailedError } from './request-failed-error';

export type Attempt<T> = { ok: true; value: T; outcome: PermitOutcome } | { ok: false; error: unknown; kind: 'refused' | 'transient' | 'fatal'; outcome: PermitOutcome };

export interface RetryPolicy {
  /** Retries of transient failures (5xx, cut connections). */
  maxRetries: number;
  retryBaseMs: number;
  /** How long a target may answer 429 to everything before its turns fail (TURNWISE_TARGET_RETRY_BUDGET_S). */
  retryBudgetMs: number;
}

export const RETRY_BUDGET_VARIABLE = 'TURNWISE_TARGET_RETRY_BUDGET_S';
/** Far below a judge's 5 minutes: a replay holds a worker slot (SQLite has one) while its turns wait. */
export const DEFAULT_TARGET_RETRY_BUDGET_MS = 30_000;
export const DEFAULT_TARGET_RETRIES: RetryPolicy = { maxRetries: 3, retryBaseMs: 300, retryBudgetMs: DEFAULT_TARGET_RETRY_BUDGET_MS };

/** The targets' retry policy of an environment: TURNWISE_TARGET_RETRY_BUDGET_S (seconds, default 30); CONFIG naming it when malformed. */
export function targetRetryPolicy(env: Record<string, string | undefined>): RetryPolicy {
  const raw = env[RETRY_BUDGET_VARIABLE]?.trim();
  if (!raw) return DEFAULT_TARGET_RETRIES;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new AppError('CONFIG', `${RETRY_BUDGET_VARIABLE} must be a number of seconds above 0 and at most 3600, not ${JSON.stringify(raw.slice(0, 40))}`, { variable: RETRY_BUDGET_VARIABLE });
  }
  return { ...DEFAULT_TARGET_RETRIES, retryBudgetMs: Math.round(seconds * 1000) };
}

/**
 * Since when an endpoint has answered nothing but 429s, in this process, whichever turn or replay
 * asked: a success ends it, and so does a whole budget without a 429 (nobody asked meanwhile).
 * Once it is older than the budget, turns fail at once instead of each waiting the budget out,
 * so a target that refuses everything frees the replay's worker slot within about one budget.
 */
interface RefusalStreak {
  since: number;
  last: number;
}
const streaks = new Map<string, RefusalStreak>();
const streakKey = (connection: { baseURL: string; model: string }) => `${connection.baseURL}\n${connection.model}`;

function currentStreak(key: string, budgetMs: number, now: number): RefusalStreak | null {
  const streak = streaks.get(key);
  if (streak && now - streak.last >= budgetMs) {
    streaks.delete(key);
    return null;
  }
  return streak ?? null;
}

function budgetSpent(describe: string, tries: number, since: number, now: number, policy: RetryPolicy): RequestFailedError {
  return new RequestFailedError(
    `${describe}; refused with 429 for ${formatWait(now - since)}, past the target's retry budget of ${formatWait(policy.retryBudgetMs)} (${RETRY_BUDGET_VARIABLE})`,
    true,
    tries,
  );
}

/** One request to retry through the connection's limiter: what to send, how to tell what happened, under which policy. */
export interface RetriedRequest<T> {
  /** The endpoint (its limiter is shared per base URL, key and model); `concurrency`: what the caller keeps in flight. */
  connection: { baseURL: string; apiKey: string | null; model: string; limits?: ConnectionLimits; concurrency?: number };
  /** The request's size in tokens, reply included, as the limiter paces it under a token limit. */
  tokens: number;
  /** Sends it once (`retry`: the attempts before it) and says how it went. */
  attempt: (retry: number) => Promise<Attempt<T>>;
  /** The last error as the failed request's message, after `tries` requests. */
  describe: (error: unknown, tries: number) => string;
  policy: RetryPolicy;
  signal?: AbortSignal;
}

/**
 * One request through the connection's shared adaptive limiter (the judge's), retried as the
 * judge retries: a 429 waits in the limiter until the endpoint's refusals have lasted the retry
 * budget, a transient failure backs off, anything else fails at once. A RequestFailedError thrown here
 * says how many requests were sent (`requests`).
 */
export async function sendWithRetries<T>({ connection, tokens, attempt, describe, policy, signal }: RetriedRequest<T>): Promise<{ value: T; requests: number }> {
  const limiter = sharedLimiter(connection, connection.limits ?? {}, connection.concurrency);
  const key = streakKey(connection);
  let transient = 0;
  let sent = 0;
  let lastError: unknown = null;
  for (let retry = 0; ; retry++) {
    signal?.throwIfAborted();
    const streak = currentStreak(key, policy.retryBudgetMs, Date.now());
    if (streak && streak.last - streak.since >= policy.retryBudgetMs) {
      const what = lastError === null ? `the target refused every request (429)` : describe(lastError, sent);
      throw budgetSpent(what, sent, streak.since, Date.now(), policy);
    }
    // While the target refuses, the wait for a permit is bounded by what is left of the budget.
    const deadline = streak ? new AbortController() : null;
    const timer = deadline ? setTimeout(() => deadline.abort(), Math.max(0, streak!.since + policy.retryBudgetMs - Date.now())) : null;
    let permit;
    try {
      permit = await limiter.acquire(tokens, { signal: deadline ? (signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal) : signal, front: retry > 0 });
    } catch (error) {
      if (deadline?.signal.aborted && !signal?.aborted) {
        const now = Date.now();
        streaks.set(key, { since: streak!.since, last: now });
        throw budgetSpent(lastError === null ? 'the target refused every request (429)' : describe(lastError, sent), sent, streak!.since, now, policy);
      }
      throw error;
    } finally {
      if (timer) clearTimeout(timer);
    }
    let result: Attempt<T>;
    sent++;
    try {
      result = await attempt(retry);
    } catch (error) {
      result = { ok: false, error, kind: 'fatal', outcome: { kind: 'other' } };
    }
    permit.done(result.outcome);
    // Stopped by the egress check before it was sent: not a call made.
    if (!result.ok && egressErrorOf(result.error) instanceof EgressRefusedError) sent--;
    if (result.ok) {
      streaks.delete(key);
      return { value: result.value, requests: sent };
    }
    lastError = result.error;
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : result.error;
    if (result.kind === 'fatal') throw new RequestFailedError(describe(result.error, sent), false, sent);
    if (result.kind === 'refused') {
      const now = Date.now();
      const since = currentStreak(key, policy.retryBudgetMs, now)?.since ?? now;
      streaks.set(key, { since, last: now });
      if (now - since >= policy.retryBudgetMs) throw budgetSpent(describe(result.error, sent), sent, since, now, policy);
      continue;
    }
    if (++transient > policy.maxRetries) throw new RequestFailedError(describe(result.error, sent), true, sent);
    await sleep(backoffMs(transient, policy.retryBaseMs, result.error), signal);
  }
}
