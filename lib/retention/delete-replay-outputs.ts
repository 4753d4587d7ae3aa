import type { Db } from '../db/db-types';
import { purgeDataset } from '../db/queries/datasets/purge-dataset';
import { countUnfinishedRuns } from '../db/queries/retention/count-unfinished-runs';
import { deleteReplayRows, listExpiredReplays } from '../db/queries/retention/replay-outputs';
import type { KindOutcome } from './delete-live-conversations';

/**
 * Deletes the replays of a dataset that ended before `before`: the dataset version each made
 * (a few hundred conversations per transaction, with the runs on it), then its generated turns
 * and its row. A replay whose version is still being scored waits for a later pass.
 */
export async function deleteExpiredReplayOutputs(db: Db, sourceDatasetId: string, before: Date, options: { perPass: number; stopped: () => boolean }): Promise<KindOutcome> {
  let deleted = 0;
  let waiting: string | null = null;
  for (const replay of await listExpiredReplays(db, sourceDatasetId, before, options.perPass)) {
    if (options.stopped()) break;
    if (replay.datasetId && (await countUnfinishedRuns(db, replay.datasetId)) > 0) {
      waiting = 'a replay’s new version is still being scored: it goes once its run ends';
      continue;
    }
    if (replay.datasetId) await purgeDataset(db, replay.datasetId);
    await deleteReplayRows(db, replay.id);
    deleted++;
  }
  return { deleted, waiting };
}
