import type { Db } from '../db/db-types';

export type Env = Record<string, string | undefined>;

/** What every kind's worker gets from the engine: the database, the settings, the log and who it is. */
export interface WorkerContext {
  db: Db;
  env: Env;
  /** The database's URL: its provider picks the queue (the lease worker on SQLite, pg-boss on PostgreSQL). */
  url: string;
  log: (line: string) => void;
  workerId: string;
}

/** A kind's worker running in this process. */
export interface KindWorker {
  /** Look for work now instead of at the next poll. */
  wake(): void;
  /** Stops taking work; work in progress stops at its next step and is handed back. */
  stop(): Promise<void>;
}

/**
 * A kind of background work, as the engine registers it (in the manner of Langfuse's
 * `WorkerManager.register(queue, processor)`): runs, replays, ingest slices, online scoring…
 * `start` starts its worker on the database's queue; the kind's own code does the work, the
 * engine (lib/jobs) gives it the lease, the queue, the slots and the turn it takes.
 */
export interface JobKind {
  /** The kind's name, as the logs and wakeWorkers name it: 'runs', 'replays', 'ingest', 'online'… */
  readonly name: string;
  start(context: WorkerContext): KindWorker | Promise<KindWorker>;
}

/** What a kind's worker is started with when a test or a command starts it alone (the engine gives the rest). */
export interface WorkerOptions {
  db: Db;
  /** The worker's settings (and a run's judge configuration) are read from it. */
  env: Env;
  workerId?: string;
  log?: (message: string) => void;
}
