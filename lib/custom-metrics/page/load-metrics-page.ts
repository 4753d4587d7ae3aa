import 'server-only';
import { getDb } from '../../db/client';
import { listCustomMetrics } from '../../db/queries/custom-metrics/custom-metrics';

/** The metrics page: the newest version of every custom metric, by name. */
export const loadMetricsPage = (projectId: string) => listCustomMetrics(getDb(), projectId);
