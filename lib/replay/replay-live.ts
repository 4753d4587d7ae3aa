import type { Db } from '../db/db-types';
import { listRunProgress } from '../db/queries/runs/list-run-progress';
import type { WaitingBehind } from '../domain/run-progress';
import { replayWaitingBehind } from './replay-waiting-behind';
import { getReplay, type ReplayDetail } from './replay-view';

/** A replay as its page shows it live: the replay, its evaluation run's progress once started, and what it waits behind while queued. */
export interface ReplayLive extends ReplayDetail {
  evaluation: { status: string; done: number; total: number; errors: number } | null;
  waitingBehind: WaitingBehind | null;
}

/** One small read per poll of the replay page (GET /api/replays/:id/progress). */
export async function getReplayLive(db: Db, projectId: string, id: string): Promise<ReplayLive> {
  const replay = await getReplay(db, projectId, id);
  const [run] = replay.runId ? await listRunProgress(db, projectId, [replay.runId]) : [];
  const waitingBehind = await replayWaitingBehind(db, projectId, replay);
  return { ...replay, evaluation: run ? { status: run.status, done: run.doneItems, total: run.totalItems, errors: run.errorItems } : null, waitingBehind };
}
