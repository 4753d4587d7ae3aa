import 'server-only';
import { getDb } from '../../db/client';
import { getDataset } from '../../db/queries/datasets/get-dataset';

/** The trend page's frame: the dataset whose family's trends it shows. NOT_FOUND for an unknown dataset. */
export const loadTrendPage = (projectId: string, datasetId: string) => getDataset(getDb(), projectId, datasetId);
