import type { WorkerOptions } from '../../jobs/job-kind';
import type { Judge } from '../../judge/types';

/** A background worker executing queued runs. */
export interface RunWorker {
  readonly id: string;
  readonly queue: 'sqlite' | 'pg-boss';
  /** Look for work now instead of at the next poll. */
  wake(): void;
  /** Stops taking work, stops the runs in progress at their next item and hands them back. */
  stop(): Promise<void>;
}

export interface RunWorkerOptions extends WorkerOptions {
  /** Replaces every run's configured judge (tests). */
  judge?: Judge;
}
