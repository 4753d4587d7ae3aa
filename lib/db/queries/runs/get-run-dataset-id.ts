import type { DbOrTx } from '../../db-types';
import { notFound } from '../../not-found';

/** The dataset a run scores; NOT_FOUND for an unknown run. */
export async function getRunDatasetId(db: DbOrTx, runId: string): Promise<string> {
  const run = await db.run.findUnique({ where: { id: runId }, select: { datasetId: true } });
  if (!run) throw notFound('Run', runId);
  return run.datasetId;
}
