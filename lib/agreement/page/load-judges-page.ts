import 'server-only';
import { getDb } from '../../db/client';
import { listDatasets } from '../../db/queries/datasets/list-datasets';
import { AppError } from '../../errors';
import { rankJudges } from '../judge-ranking';

/** The judges page: the datasets to pick from and, for the picked one, its runs' judges ranked by agreement with people's labels. NOT_FOUND for an unknown dataset. */
export async function loadJudgesPage(projectId: string, datasetId: string | undefined) {
  const db = getDb();
  const datasets = await listDatasets(db, projectId);
  const dataset = datasetId ? datasets.find((d) => d.id === datasetId) : undefined;
  if (datasetId && !dataset) throw new AppError('NOT_FOUND', `No dataset with id ${datasetId}`);
  const ranking = dataset ? await rankJudges(db, projectId, dataset.id) : null;
  return { datasets, dataset, ranking };
}
