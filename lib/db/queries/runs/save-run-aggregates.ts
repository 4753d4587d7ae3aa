import type { Db } from '../../db-types';

/** Stores a run's numbers (Run.summary and Run.scoreStats) together, as computed from its results. */
// across projects: a worker's own run, handed to it by the queue.
export async function saveRunAggregates(db: Db, runId: string, aggregates: { summary: object; scoreStats: object }): Promise<void> {
  await db.run.update({ where: { id: runId }, data: { summary: aggregates.summary, scoreStats: aggregates.scoreStats }, select: { id: true } });
}
