import 'server-only';
import { getDb } from '../../db/client';
import { listDatasets, type DatasetListItem } from '../../db/queries/datasets/list-datasets';

/** The datasets page's list: the datasets done importing, newest first, each with its counts and last run. */
export const loadDatasetList = (projectId: string): Promise<DatasetListItem[]> => listDatasets(getDb(), projectId);
