import 'server-only';
import { getDb } from '../../db/client';
import { getDataset } from '../../db/queries/datasets/get-dataset';

/** The dataset page's header and title: the dataset with its counts and skipped lines. NOT_FOUND for an unknown dataset. */
export const loadDatasetPage = (projectId: string, datasetId: string) => getDataset(getDb(), projectId, datasetId);
