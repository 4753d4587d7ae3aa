/** A background worker executing queued replays (beside the run worker, in the same process). */
export interface ReplayWorker {
  readonly id: string;
  readonly queue: 'sqlite' | 'pg-boss';
  wake(): void;
  /** Stops taking work; replays in progress stop at their next turn and are handed back. */
  stop(): Promise<void>;
}

const globalForWorker = globalThis as unknown as { turnwiseReplayWorker?: ReplayWorker };

export const localReplayWorker = (): ReplayWorker | undefined => globalForWorker.turnwiseReplayWorker;
export function setLocalReplayWorker(worker: ReplayWorker | undefined): void {
  globalForWorker.turnwiseReplayWorker = worker;
}

/** This process's replay worker looks at once instead of at its next poll. */
export const wakeReplayWorker = (): void => globalForWorker.turnwiseReplayWorker?.wake();
