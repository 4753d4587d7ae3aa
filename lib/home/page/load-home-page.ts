import 'server-only';
import { getDb } from '../../db/client';
import { listDatasets } from '../../db/queries/datasets/list-datasets';
import { listRuns } from '../../db/queries/runs/list-runs';

/** The overview page: the ten latest runs and the datasets it counts. */
export async function loadHomePage(projectId: string) {
  const db = getDb();
  const [runs, datasets] = await Promise.all([listRuns(db, projectId, { take: 10 }), listDatasets(db, projectId)]);
  return { runs, datasets };
}
