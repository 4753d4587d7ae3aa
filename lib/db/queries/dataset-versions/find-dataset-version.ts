import type { Db } from '../../db-types';

/** The newest version of a project's alias whose conversations have this content hash (pushed goldens or a test run's cases); null when none. */
export function findDatasetVersionByContent(db: Db, projectId: string, alias: string, contentHash: string) {
  return db.datasetVersion.findFirst({
    where: { projectId, alias, contentHash, dataset: { importing: false } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, datasetId: true, version: true, source: true, finalized: true, contentHash: true },
  });
}
