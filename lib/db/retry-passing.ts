import { setTimeout as sleep } from 'node:timers/promises';
import { redactSecrets } from '../redact-secrets';
import { passingDbProblemOf, type PassingDbProblem } from './passing-error';

/**
 * How background work waits out a database that is away, read-only, full or busy: tries again
 * after TURNWISE_DB_RETRY_MIN_MS (500), doubling each time up to TURNWISE_DB_RETRY_MAX_MS
 * (30 000), with a little jitter so that workers do not come back in step.
 */
export interface DbRetry {
  minMs: number;
  maxMs: number;
  log: (line: string) => void;
  /** Stops the waiting (a worker shutting down): the last error is thrown. */
  signal?: AbortSignal;
}

const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function dbRetryOf(env: Record<string, string | undefined>, log: (line: string) => void, signal?: AbortSignal): DbRetry {
  const minMs = positive(env.TURNWISE_DB_RETRY_MIN_MS, 500);
  return { minMs, maxMs: Math.max(minMs, positive(env.TURNWISE_DB_RETRY_MAX_MS, 30_000)), log, signal };
}

/** The wait before attempt `attempt` (1 for the first retry). */
export function backoffMs(attempt: number, retry: Pick<DbRetry, 'minMs' | 'maxMs'>): number {
  const base = Math.min(retry.maxMs, retry.minMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(base * (0.8 + Math.random() * 0.2));
}

const SAID: Record<PassingDbProblem, string> = {
  unreachable: 'the database is out of reach',
  busy: 'the database is busy',
  'read-only': 'the database is read-only',
  full: "the database's disk is full",
};

/** One line for the log: what failed and why, with nothing of a URL's password. */
export const describePassing = (error: unknown): string => {
  const problem = passingDbProblemOf(error) ?? 'unreachable';
  const message = String((error as Error)?.message ?? error).trim().split('\n').filter(Boolean).at(-1) ?? '';
  return `${SAID[problem]} (${redactSecrets(message.slice(0, 300))})`;
};

/**
 * An outage as one piece of work sees it: a line when it starts and one when it ends, however
 * many attempts fail in between.
 */
export function createOutageLog(what: string, log: (line: string) => void): { failed(error: unknown, retryInMs?: number): void; succeeded(): void; readonly since: number | null; readonly endedAt: number | null } {
  let since: number | null = null;
  let endedAt: number | null = null;
  return {
    failed(error, retryInMs) {
      if (since !== null) return;
      since = Date.now();
      log(`${what}: ${describePassing(error)}; trying again with back-off${retryInMs ? ` (first in ${(retryInMs / 1000).toFixed(1)} s)` : ''}`);
    },
    succeeded() {
      if (since === null) return;
      log(`${what}: the database is back after ${((Date.now() - since) / 1000).toFixed(1)} s`);
      since = null;
      endedAt = Date.now();
    },
    get since() {
      return since;
    },
    get endedAt() {
      return endedAt;
    },
  };
}

/**
 * `fn`, tried again while it fails for a passing reason (the database out of reach, busy,
 * read-only or full) until it succeeds or `retry.signal` stops it; any other failure is thrown
 * at once. `what` names the work in the two log lines an outage gives.
 */
export async function retryPassing<T>(what: string, fn: () => Promise<T>, retry: DbRetry): Promise<T> {
  const outage = createOutageLog(what, retry.log);
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await fn();
      outage.succeeded();
      return result;
    } catch (error) {
      if (!passingDbProblemOf(error) || retry.signal?.aborted) throw error;
      const wait = backoffMs(attempt, retry);
      outage.failed(error, wait);
      try {
        await sleep(wait, undefined, { signal: retry.signal });
      } catch {
        throw error;
      }
    }
  }
}
