import 'server-only';
import { getDb } from '../../db/client';
import { listDatasetNames } from '../../db/queries/replays/get-replay-settings';
import { listReplays, type ReplayView } from '../replay-view';

export type ReplayListItem = ReplayView & { sourceDatasetName: string };

/** The replays page: replays newest first, each with the name of the dataset it read. */
export async function loadReplayList(projectId: string): Promise<ReplayListItem[]> {
  const db = getDb();
  const replays = await listReplays(db, projectId);
  const ids = [...new Set(replays.map((r) => r.sourceDatasetId))];
  const names = await listDatasetNames(db, projectId, ids);
  return replays.map((r) => ({ ...r, sourceDatasetName: names.get(r.sourceDatasetId) ?? r.sourceDatasetId }));
}
