import 'server-only';
import type { Db } from '../db/db-types';
import { listDatasetNames } from '../db/queries/replays/get-replay-settings';
import { listReplays, type ReplayView } from './replay-view';

export type ReplayListItem = ReplayView & { sourceDatasetName: string };

/** The replays page: replays newest first, each with the name of the dataset it read. */
export async function loadReplayList(db: Db, options: { datasetId?: string; take?: number } = {}): Promise<ReplayListItem[]> {
  const replays = await listReplays(db, options);
  const ids = [...new Set(replays.map((r) => r.sourceDatasetId))];
  const names = await listDatasetNames(db, ids);
  return replays.map((r) => ({ ...r, sourceDatasetName: names.get(r.sourceDatasetId) ?? r.sourceDatasetId }));
}
