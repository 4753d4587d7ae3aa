import 'server-only';
import { getDb } from '../../db/client';
import { getReplayOwnerAndSource } from '../../db/queries/replays/get-replay-settings';
import { getReplayLive, type ReplayLive } from '../replay-live';

export interface ReplayPageData {
  replay: ReplayLive;
  sourceDatasetName: string;
  createdById: string | null;
}

/** What the replay page shows: the replay (live numbers, first errors, evaluation) and its source's name. NOT_FOUND when there is none. */
export async function loadReplayPage(projectId: string, id: string): Promise<ReplayPageData> {
  const db = getDb();
  const replay = await getReplayLive(db, projectId, id);
  const { sourceDatasetName, createdById } = await getReplayOwnerAndSource(db, projectId, id);
  return { replay, sourceDatasetName, createdById };
}
