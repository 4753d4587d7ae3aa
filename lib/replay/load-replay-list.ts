import 'server-only';
import type { Db } from '../db/queries/db-types';
import { listReplays, type ReplayView } from './replay-view';

export type ReplayListItem = ReplayView & { sourceDatasetName: string };

/** The replays page: replays newest first, each with the name of the dataset it read. */
export async function loadReplayList(db: Db, options: { datasetId?: string; take?: number } = {}): Promise<ReplayListItem[]> {
  const replays = await listReplays(db, options);
  const ids = [...new Set(replays.map((r) => r.sourceDatasetId))];
  const datasets = ids.length ? await db.dataset.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(datasets.map((d) => [d.id, d.name]));
  return replays.map((r) => ({ ...r, sourceDatasetName: names.get(r.sourceDatasetId) ?? r.sourceDatasetId }));
}
