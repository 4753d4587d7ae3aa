import type { WaitingBehind } from '../domain/run-progress';

/** A kind's queue as its waiting-behind reads it: the jobs under way (the first few, with their progress) and those waiting, in the order workers take them. */
export interface JobQueueView {
  running: { id: string; label: string; done: number; total: number; otherProject?: boolean }[];
  runningCount: number;
  queued: readonly { id: string }[];
}

/**
 * For each queued job among `queuedIds`: what it waits behind — the jobs of its kind under way
 * and the queued ones a worker takes first. Kinds have slots of their own (lib/jobs), so a job
 * only ever waits behind jobs of its kind.
 */
export function waitingBehindOf(queue: JobQueueView, queuedIds: readonly string[]): Map<string, WaitingBehind> {
  const position = new Map(queue.queued.map((job, i) => [job.id, i]));
  return new Map(queuedIds.map((id) => [id, { running: queue.running, runningCount: queue.runningCount, queuedAhead: position.get(id) ?? queue.queued.length }]));
}
