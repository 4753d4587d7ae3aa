import { dbRetryOf, type DbRetry } from '../db/retry-passing';

/**
 * How a piece of work's writes (a run's results, a replay's turns) wait out a database that
 * blinks: until they are stored, unless the work is handed back (the worker shutting down, its
 * lease lost), when whoever resumes it does them again. A cancel still stores what finished.
 */
export function storeRetryOf(env: Record<string, string | undefined>, log: (line: string) => void, work?: AbortSignal): DbRetry {
  const handedBack = new AbortController();
  const onStop = () => work?.reason !== 'cancelled' && handedBack.abort();
  if (work?.aborted) onStop();
  else work?.addEventListener('abort', onStop, { once: true });
  return dbRetryOf(env, log, handedBack.signal);
}
