import type { Db } from '../../db/queries/db-types';
import { runSelect } from '../../db/queries/runs/get-run';
import { runInfoOf, type RunInfo } from '../../exports/run-info';

export interface RunFilter {
  datasetId?: string;
  status?: string;
  modelVersion?: string;
}

/** One page of runs, newest first, each as GET /api/v1/runs/:id gives it, and how many match. */
export async function listApiRuns(db: Db, filter: RunFilter, page: { skip: number; take: number }): Promise<{ items: RunInfo[]; total: number }> {
  const where = {
    ...(filter.datasetId ? { datasetId: filter.datasetId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.modelVersion ? { modelVersion: filter.modelVersion } : {}),
  };
  const [rows, total] = await Promise.all([
    db.run.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: page.skip, take: page.take, select: runSelect }),
    db.run.count({ where }),
  ]);
  // One after another: a run still going on sums its stored results (one query), the rest read theirs.
  const items: RunInfo[] = [];
  for (const row of rows) items.push(await runInfoOf(db, row));
  return { items, total };
}
