import type { Db } from '../db/db-types';
import { listRecentRunDatasets } from '../db/queries/compare/list-recent-run-datasets';
import { loadTrend, type TrendSource } from './load-trend';

/**
 * The trends of the most recently run dataset families, for the home page: means only (no
 * intervals), the last 20 runs each. A family is shown once, under its most recently run dataset.
 */
export async function loadHomeTrends(db: Db, projectId: string, families = 3): Promise<TrendSource[]> {
  const recent = await listRecentRunDatasets(db, projectId, families * 4);
  const shown = new Set<string>();
  const trends: TrendSource[] = [];
  for (const datasetId of recent) {
    if (trends.length >= families) break;
    if (shown.has(datasetId)) continue;
    const trend = await loadTrend(db, projectId, datasetId, { take: 20, intervals: false });
    for (const d of [trend.dataset, ...trend.related]) shown.add(d.id);
    if (trend.runs.length) trends.push(trend);
  }
  return trends;
}
