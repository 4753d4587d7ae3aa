import type { Db } from '../db/db-types';
import { listReplayQueue } from '../db/queries/replays/list-replay-queue';
import type { WaitingBehind } from '../domain/run-progress';
import { waitingBehindOf } from '../jobs/waiting-behind';

/** What a queued replay waits behind: the replays workers are generating now and the queued ones taken first; null when it is not queued. */
export async function replayWaitingBehind(db: Db, replay: { id: string; status: string }): Promise<WaitingBehind | null> {
  if (replay.status !== 'queued') return null;
  const queue = await listReplayQueue(db);
  const running = queue.running.map((r) => ({ id: r.id, label: `${r.modelVersion} from ${r.datasetName}`, done: r.doneItems, total: r.totalItems }));
  return waitingBehindOf({ running, runningCount: queue.runningCount, queued: queue.queued }, [replay.id]).get(replay.id) ?? null;
}
