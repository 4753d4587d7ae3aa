import 'server-only';
import { getDb } from '../../db/client';
import { getRun } from '../../db/queries/runs/get-run';
import { countErroredResults } from '../../db/queries/runs/reopen-errored-results';
import { parseRunTableQuery, type SearchParams } from '../../domain/run-table-query';
import { runMetrics } from '../../metrics/run-metrics';

/** The run page's frame: the run, how many of its results errored, its metrics and the table's query from the URL. NOT_FOUND for an unknown run. */
export async function loadRunPage(projectId: string, runId: string, search: SearchParams) {
  const db = getDb();
  const [run, erroredResults] = await Promise.all([getRun(db, projectId, runId), countErroredResults(db, runId)]);
  const metrics = runMetrics(run.metricSettings);
  const query = parseRunTableQuery(search, metrics.map((m) => m.name));
  const scope = { id: run.id, datasetId: run.datasetId, conversationCount: run.dataset.conversationCount };
  return { run, erroredResults, metrics, query, scope };
}
