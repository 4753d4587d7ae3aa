import 'server-only';
import { getDb } from '../../db/client';
import { loadTrend, type TrendSource } from '../load-trend';

/** The trend page's body: every metric's mean per finished run of the dataset's family, with intervals. NOT_FOUND for an unknown dataset. */
export const loadDatasetTrend = (projectId: string, datasetId: string): Promise<TrendSource> => loadTrend(getDb(), projectId, datasetId);
