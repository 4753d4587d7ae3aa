import type { Db } from '../../db/db-types';
import { createRun } from '../../db/queries/runs/create-run';
import { getDatabaseUrl, providerOf } from '../../db/url';
import { failRun } from '../lifecycle';
import { enqueueRunChunks } from './run-chunk-queue';
import { checkRunRequest } from '../request/check-run-request';
import { storedSettingsOf } from '../../metrics/selected-metric';
import type { RunRequest } from '../request/run-request';
import { wakeWorkers } from '../../jobs/worker-manager';
import { RUN_JOBS } from './run-jobs';
import { SAMPLING_TEMPERATURE } from '../execution/evaluate-conversations';

/**
 * Creates a queued run of a project for a checked request (its dataset, judge and custom metrics
 * found in that project) and hands it to the queue: on PostgreSQL as
 * pg-boss chunk jobs, on SQLite by waking this process's worker (any worker on the
 * database finds it at its next poll). Nothing is scored here.
 */
export async function enqueueRun(db: Db, projectId: string, request: RunRequest, env: Record<string, string | undefined>): Promise<{ runId: string }> {
  const { judge, dataset, metrics, counts, totalItems } = await checkRunRequest(db, projectId, request, env);
  const run = await createRun(db, {
    projectId,
    datasetId: dataset.id,
    modelVersion: request.modelVersion ?? null,
    ...judge,
    metricSettings: Object.fromEntries(metrics.map((m) => [m.name, storedSettingsOf(m)])),
    concurrency: request.concurrency,
    samples: request.samples,
    temperature: request.samples > 1 ? (request.temperature ?? SAMPLING_TEMPERATURE) : null,
    totalItems,
    status: 'queued',
  });
  const url = getDatabaseUrl(env as NodeJS.ProcessEnv);
  if (providerOf(url) === 'postgres') {
    try {
      await enqueueRunChunks(url, { id: run.id, conversations: counts.conversations }, env);
    } catch (error) {
      await failRun(db, run.id, `Could not queue the run: ${(error as Error).message}`);
      throw error;
    }
  }
  // This process's worker looks at once instead of at its next poll; others find it on theirs.
  wakeWorkers(RUN_JOBS);
  return { runId: run.id };
}
