import { sharedLimiter, type ConnectionLimits, type PermitOutcome } from '../../judge/adaptive-limiter';
import { backoffMs, formatWait, sleep } from '../../judge/request-retries';
import { TargetError } from './target-types';

export type Attempt<T> = { ok: true; value: T; outcome: PermitOutcome } | { ok: false; error: unknown; kind: 'refused' | 'transient' | 'fatal'; outcome: PermitOutcome };

export interface RetryPolicy {
  /** Retries of transient failures (5xx, cut connections). */
  maxRetries: number;
  retryBaseMs: number;
  /** How long 429s may go on before the turn fails. */
  retryBudgetMs: number;
}

export const DEFAULT_TARGET_RETRIES: RetryPolicy = { maxRetries: 3, retryBaseMs: 300, retryBudgetMs: 5 * 60_000 };

/**
 * One target request through the connection's shared adaptive limiter (the judge's), retried
 * as the judge retries: a 429 waits in the limiter, a transient failure backs off, anything else
 * fails at once. `describe` turns the last error into the turn's message.
 */
export async function sendWithRetries<T>(
  connection: { baseURL: string; apiKey: string | null; model: string; limits?: ConnectionLimits; concurrency?: number },
  tokens: number,
  attempt: (retry: number) => Promise<Attempt<T>>,
  describe: (error: unknown, tries: number) => string,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
): Promise<{ value: T; requests: number }> {
  const limiter = sharedLimiter(connection, connection.limits ?? {}, connection.concurrency);
  let transient = 0;
  let refusedSince: number | null = null;
  for (let retry = 0; ; retry++) {
    signal?.throwIfAborted();
    const permit = await limiter.acquire(tokens, { signal, front: retry > 0 });
    let result: Attempt<T>;
    try {
      result = await attempt(retry);
    } catch (error) {
      result = { ok: false, error, kind: 'fatal', outcome: { kind: 'other' } };
    }
    permit.done(result.outcome);
    if (result.ok) return { value: result.value, requests: retry + 1 };
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : result.error;
    if (result.kind === 'fatal') throw new TargetError(describe(result.error, retry + 1));
    if (result.kind === 'refused') {
      const now = Date.now();
      refusedSince ??= now;
      if (now - refusedSince >= policy.retryBudgetMs) {
        throw new TargetError(`${describe(result.error, retry + 1)}; refused with 429 for ${formatWait(now - refusedSince)}`, true);
      }
      continue;
    }
    if (++transient > policy.maxRetries) throw new TargetError(describe(result.error, retry + 1), true);
    await sleep(backoffMs(transient, policy.retryBaseMs, result.error), signal);
  }
}
