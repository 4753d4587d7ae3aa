import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { isPassingDbError } from '../../db/passing-error';
import { backoffMs, createOutageLog, dbRetryOf } from '../../db/retry-passing';

/** Calls made inside `attemptOnce` (a request's enqueue) fail at once instead of waiting for the database. */
const once = new AsyncLocalStorage<true>();

/** Runs `fn` with the queue's statements tried once: a request answers an error rather than wait for the database to come back. */
export const attemptOnce = <T>(fn: () => Promise<T>): Promise<T> => once.run(true, fn);

export interface QueueDb {
  /** pg-boss's way in: waits out a database that is away, restarting, read-only or full (see below). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- pg-boss's own signature
  /** One attempt, for our own periodic statements, which try again at their next turn. */
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as executeSql
  /** When the database came back after an outage this process saw (ms since the epoch), or null. */
  readonly backAt: number | null;
  /** Whether the database is out of reach or failing for a passing reason now. */
  readonly down: boolean;
  /** Stops waiting for the database (pending statements fail) and closes the connections. */
  close(): Promise<void>;
}

/**
 * The connections pg-boss works through. pg-boss 10 completes and fails a job without waiting for
 * the statement (a rejection there ended the worker process when the database restarted), and
 * polls, maintains and monitors on timers: every statement it sends is tried again here while it
 * fails for a passing reason, with back-off (TURNWISE_DB_RETRY_MIN_MS, TURNWISE_DB_RETRY_MAX_MS),
 * one log line when the database goes and one when it is back. pg-boss's statements are safe to
 * send again: a job's completion or failure changes only an active job, and a fetch whose answer
 * was lost leaves its job active with no lease renewed, so it is handed back to the queue.
 */
export function createQueueDb(url: string, env: Record<string, string | undefined>, log: (line: string) => void): QueueDb {
  const retry = dbRetryOf(env, log);
  const pool = new pg.Pool({ connectionString: url, max: 4, application_name: 'turnwise-queue' });
  const outage = createOutageLog('queue', log);
  const closing = new AbortController();
  // One listener per statement waiting for the database (pg-boss's polls, completions, maintenance).
  setMaxListeners(0, closing.signal);
  let backAt: number | null = null;
  // An idle connection the server ended (a restart): the pool drops it and opens another when needed.
  pool.on('error', (error) => (isPassingDbError(error) ? outage.failed(error) : log(`queue: ${error.message}`)));

  const query = async (text: string, values?: unknown[]) => {
    const result = await pool.query(text, values);
    if (outage.since !== null) {
      outage.succeeded();
      backAt = Date.now();
    }
    return result;
  };
  return {
    async executeSql(text, values) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await query(text, values);
        } catch (error) {
          if (!isPassingDbError(error) || closing.signal.aborted || once.getStore()) throw error;
          const wait = backoffMs(attempt, retry);
          outage.failed(error, wait);
          await sleep(wait, undefined, { signal: closing.signal }).catch(() => undefined);
          if (closing.signal.aborted) throw error;
        }
      }
    },
    async query(text, values) {
      try {
        return await query(text, values);
      } catch (error) {
        if (isPassingDbError(error)) outage.failed(error);
        throw error;
      }
    },
    get backAt() {
      return backAt;
    },
    get down() {
      return outage.since !== null;
    },
    async close() {
      closing.abort();
      await pool.end().catch(() => undefined);
    },
  };
}
