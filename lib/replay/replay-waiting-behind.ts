import type { Db } from '../db/db-types';
import { listReplayQueue } from '../db/queries/replays/list-replay-queue';
import type { WaitingBehind } from '../domain/run-progress';
import { waitingBehindOf } from '../jobs/waiting-behind';

/**
 * What a queued replay of a project waits behind: the replays workers are generating now and the
 * queued ones taken first, every project's (another project's without its name or id); null when
 * it is not queued.
 */
export async function replayWaitingBehind(db: Db, projectId: string, replay: { id: string; status: string }): Promise<WaitingBehind | null> {
  if (replay.status !== 'queued') return null;
  const queue = await listReplayQueue(db);
  const running = queue.running.map((r, i) =>
    r.projectId === projectId
      ? { id: r.id, label: `${r.modelVersion} from ${r.datasetName}`, done: r.doneItems, total: r.totalItems }
      : { id: `other-${i}`, label: 'a replay of another project', done: r.doneItems, total: r.totalItems, otherProject: true },
  );
  return waitingBehindOf({ running, runningCount: queue.runningCount, queued: queue.queued }, [replay.id]).get(replay.id) ?? null;
}
