import 'server-only';
import { getDb } from '../../db/client';
import { listDatasets, type DatasetListItem } from '../../db/queries/datasets/list-datasets';

/** The new-run page's dataset picker: every dataset a run could score. */
export const loadDatasetPicker = (projectId: string): Promise<DatasetListItem[]> => listDatasets(getDb(), projectId);
