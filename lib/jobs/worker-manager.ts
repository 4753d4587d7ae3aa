import type { Db } from '../db/db-types';
import { dbRetryOf, retryPassing } from '../db/retry-passing';
import { getDatabaseUrl, providerOf } from '../db/url';
import type { Env, JobKind, KindWorker } from './job-kind';
import { stopBoss } from './pg-boss/boss';
import { newWorkerId } from './worker-identity';

interface Running {
  url: string;
  workerId: string;
  workers: { name: string; worker: KindWorker }[];
}

// On globalThis: Next.js dev reloads modules, and a process has one set of workers.
const globalForWorkers = globalThis as unknown as { turnwiseWorkers?: Running };

export interface StartWorkersOptions {
  db: Db;
  /** The kinds of work this process takes, in the order they start (lib/server/job-kinds.ts). */
  kinds: readonly JobKind[];
  /** Each kind's lines go here, prefixed with its name ("[runs] …") unless `prefix` is false. */
  log: (line: string) => void;
  prefix?: boolean;
  workerId?: string;
}

/**
 * Starts this process's workers, one per kind of work, once (a second call returns the first
 * set): each on the database's queue, each with its own slots, so that a job of one kind never
 * waits for the work of another (docs/architecture.md, "Background work"). A database that
 * blinks as they start is waited for; a kind that fails to start is logged and the others go on.
 */
export async function startWorkers(env: Env, options: StartWorkersOptions): Promise<{ workerId: string; queue: 'sqlite' | 'pg-boss'; kinds: string[] }> {
  const url = getDatabaseUrl(env as NodeJS.ProcessEnv);
  const queue = providerOf(url) === 'postgres' ? 'pg-boss' : 'sqlite';
  const running = globalForWorkers.turnwiseWorkers;
  if (running) return { workerId: running.workerId, queue, kinds: running.workers.map((w) => w.name) };
  const workerId = options.workerId ?? newWorkerId();
  const started: Running = { url, workerId, workers: [] };
  globalForWorkers.turnwiseWorkers = started;
  for (const kind of options.kinds) {
    const log = options.prefix === false ? options.log : (line: string) => options.log(`[${kind.name}] ${line}`);
    try {
      const worker = await retryPassing(`starting the ${kind.name} worker`, async () => kind.start({ db: options.db, env, url, log, workerId }), dbRetryOf(env, log));
      started.workers.push({ name: kind.name, worker });
    } catch (error) {
      // The pages still work; this kind's jobs wait in the queue for a worker.
      log(`the ${kind.name} worker did not start: ${(error as Error).message}`);
    }
  }
  return { workerId, queue, kinds: started.workers.map((w) => w.name) };
}

/** "worker … is taking runs from the sqlite queue, and replays, ingest": what a worker process says once its workers are up. */
export function describeWorkers(started: { workerId: string; queue: string; kinds: readonly string[] }): string {
  const [first, ...rest] = started.kinds;
  if (!first) return `worker ${started.workerId} is taking no work: no kind of work started`;
  return `worker ${started.workerId} is taking ${first} from the ${started.queue} queue${rest.length ? `, and ${rest.join(', ')}` : ''}`;
}

/** Wakes this process's worker of a kind (a job was just queued): it looks at once instead of at its next poll. */
export function wakeWorkers(name: string): void {
  for (const w of globalForWorkers.turnwiseWorkers?.workers ?? []) if (w.name === name) w.worker.wake();
}

/** Whether this process runs workers (the app server's, `npm run worker`'s, the CLI's). */
export const workersRunning = (): boolean => globalForWorkers.turnwiseWorkers !== undefined;

/**
 * Stops this process's workers, the last started first; work in progress is handed back to
 * the queue. Then the process's pg-boss, when it has one.
 */
export async function stopWorkers(): Promise<void> {
  const running = globalForWorkers.turnwiseWorkers;
  globalForWorkers.turnwiseWorkers = undefined;
  if (!running) return;
  for (const { worker } of [...running.workers].reverse()) await worker.stop();
  if (providerOf(running.url) === 'postgres') await stopBoss(running.url);
}
