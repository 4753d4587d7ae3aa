import type { Db } from '../../db-types';
import { runSelect, type RunRow } from './get-run';

export interface RunFilter {
  datasetId?: string;
  status?: string;
  modelVersion?: string;
}

/** One page of a project's runs, newest first, read as getRun reads one, and how many match. */
export async function listRunRows(db: Db, projectId: string, filter: RunFilter, page: { skip: number; take: number }): Promise<{ rows: RunRow[]; total: number }> {
  const where = {
    projectId,
    ...(filter.datasetId ? { datasetId: filter.datasetId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.modelVersion ? { modelVersion: filter.modelVersion } : {}),
  };
  const [rows, total] = await Promise.all([
    db.run.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: page.skip, take: page.take, select: runSelect }),
    db.run.count({ where }),
  ]);
  return { rows, total };
}
