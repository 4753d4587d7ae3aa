import 'server-only';
import { getDb } from '../../db/client';
import { listRuns, type RunListItem } from '../../db/queries/runs/list-runs';

/** The dataset page's runs panel: the latest 20 runs scored on the dataset, newest first. */
export const loadDatasetRuns = (projectId: string, datasetId: string): Promise<RunListItem[]> => listRuns(getDb(), projectId, { datasetId, take: 20 });
