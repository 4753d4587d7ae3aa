import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

/** What a worker needs to score a run's chunk: its dataset, metrics, judge and sampling settings. */
// across projects: a worker's own run, handed to it by the queue.
export async function getRunExecutionSettings(db: Db, runId: string) {
  const run = await db.run.findUnique({
    where: { id: runId },
    select: { projectId: true, datasetId: true, metricSettings: true, judgeKind: true, judgeName: true, judgeModel: true, concurrency: true, samples: true, temperature: true },
  });
  if (!run) throw notFound('Run', runId);
  return run;
}
