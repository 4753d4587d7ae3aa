import type { Db } from '../../db-types';
import type { Window } from './otlp-bodies';

/** A replay's statuses once it no longer generates. */
const ENDED = ['completed', 'completed_with_errors', 'scoring_failed', 'failed', 'cancelled'];
/** Replay turns deleted per statement: a long replay's turns go in short deletes. */
const TURNS_AT_ONCE = 2_000;

const endedIn = (w: Window) => ({ status: { in: ENDED }, finishedAt: { lt: w.before, ...(w.since ? { gte: w.since } : {}) } });

/** Replays of a dataset that ended in the window. */
// across projects: the retention worker's own live dataset (the page's is found in its project first).
export function countEndedReplays(db: Db, sourceDatasetId: string, window: Window): Promise<number> {
  return db.replay.count({ where: { sourceDatasetId, ...endedIn(window) } });
}

/** Up to `take` replays of a dataset that ended before `before`, oldest first, with the dataset version each made. */
// across projects: the retention worker's own live dataset (the page's is found in its project first).
export function listExpiredReplays(db: Db, sourceDatasetId: string, before: Date, take: number): Promise<{ id: string; datasetId: string | null }[]> {
  return db.replay.findMany({ where: { sourceDatasetId, ...endedIn({ before }) }, orderBy: [{ finishedAt: 'asc' }, { id: 'asc' }], take, select: { id: true, datasetId: true } });
}

/** Deletes a replay: its generated turns and samples a few thousand at a time, then its row. */
// across projects: the retention worker's own live dataset (the page's is found in its project first).
export async function deleteReplayRows(db: Db, replayId: string): Promise<void> {
  for (;;) {
    const ids = (await db.replayTurn.findMany({ where: { replayId }, select: { id: true }, take: TURNS_AT_ONCE })).map((t) => t.id);
    if (!ids.length) break;
    await db.replayTurn.deleteMany({ where: { id: { in: ids } } });
  }
  await db.replay.deleteMany({ where: { id: replayId } });
}
