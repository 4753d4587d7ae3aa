import { providerOf } from '../../db/url';
import { startPgBossRunWorker } from './pg-boss-run-worker';
import type { RunWorker, RunWorkerOptions } from './run-worker';
import { startSqliteRunWorker } from './sqlite-run-worker';

const globalForWorker = globalThis as unknown as { turnwiseRunWorker?: RunWorker; turnwiseWorkerCompanions?: Set<() => Promise<void>> };

/**
 * A worker that lives beside the run worker in the same process (the replay worker): stopped by
 * stopRunWorker before it, so whoever stops the run worker stops every worker of the process.
 */
export function stopWithRunWorker(stop: () => Promise<void>): void {
  (globalForWorker.turnwiseWorkerCompanions ??= new Set()).add(stop);
}

/**
 * Starts this process's run worker for the database at `url`: the lease-based worker on
 * SQLite, a pg-boss worker on PostgreSQL. One per process; a second call returns the first.
 */
export async function startRunWorker(options: RunWorkerOptions & { url: string }): Promise<RunWorker> {
  if (globalForWorker.turnwiseRunWorker) return globalForWorker.turnwiseRunWorker;
  const worker = providerOf(options.url) === 'postgres' ? await startPgBossRunWorker(options) : startSqliteRunWorker(options);
  globalForWorker.turnwiseRunWorker = worker;
  return worker;
}

/** The worker running in this process, if any (the app server's, or `npm run worker`'s). */
export function localRunWorker(): RunWorker | undefined {
  return globalForWorker.turnwiseRunWorker;
}

/** Stops this process's worker (and its companions); runs in progress are handed back to the queue. */
export async function stopRunWorker(): Promise<void> {
  const companions = [...(globalForWorker.turnwiseWorkerCompanions ?? [])];
  globalForWorker.turnwiseWorkerCompanions?.clear();
  for (const stop of companions) await stop();
  const worker = globalForWorker.turnwiseRunWorker;
  globalForWorker.turnwiseRunWorker = undefined;
  await worker?.stop();
}
