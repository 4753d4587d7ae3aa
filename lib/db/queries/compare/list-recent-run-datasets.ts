import type { Db } from '../../db-types';

/** Datasets with a finished run, the most recently run first. */
export async function listRecentRunDatasets(db: Db, take: number): Promise<string[]> {
  const rows = await db.run.findMany({
    where: { status: { in: ['completed', 'completed_with_errors'] } },
    orderBy: { createdAt: 'desc' },
    distinct: ['datasetId'],
    take,
    select: { datasetId: true },
  });
  return rows.map((r) => r.datasetId);
}
