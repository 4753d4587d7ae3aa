import type { Db } from '../../db-types';

/** A project's datasets with a finished run, the most recently run first. */
export async function listRecentRunDatasets(db: Db, projectId: string, take: number): Promise<string[]> {
  const rows = await db.run.findMany({
    where: { projectId, status: { in: ['completed', 'completed_with_errors'] } },
    orderBy: { createdAt: 'desc' },
    distinct: ['datasetId'],
    take,
    select: { datasetId: true },
  });
  return rows.map((r) => r.datasetId);
}
