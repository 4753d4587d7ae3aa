import type { KindWorker } from '../jobs/job-kind';

/** A background worker executing queued replays (beside the run worker, in the same process). */
export interface ReplayWorker extends KindWorker {
  readonly id: string;
  readonly queue: 'sqlite' | 'pg-boss';
}
