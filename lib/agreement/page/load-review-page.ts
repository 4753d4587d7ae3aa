import 'server-only';
import { getDb } from '../../db/client';
import { getRun } from '../../db/queries/runs/get-run';
import { runMetrics } from '../../metrics/run-metrics';
import { loadReviewQueue, reviewQueueQuerySchema } from '../review-queue';

/** The review page: the run, its metrics and the queue of turns to review for the metric and mode asked (the first metric unasked). NOT_FOUND for an unknown run. */
export async function loadReviewPage(projectId: string, runId: string, search: Record<string, string | string[] | undefined>, readerId: string) {
  const db = getDb();
  const run = await getRun(db, projectId, runId);
  const metrics = runMetrics(run.metricSettings).map((m) => m.name);
  const query = reviewQueueQuerySchema.parse({ metric: typeof search.metric === 'string' ? search.metric : undefined, mode: search.mode });
  const metric = query.metric && metrics.includes(query.metric) ? query.metric : metrics[0];
  const queue = metric ? await loadReviewQueue(db, run.id, metric, query.mode, readerId) : null;
  return { run, metrics, queue };
}
