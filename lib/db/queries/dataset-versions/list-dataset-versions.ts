import type { Db } from '../../db-types';

const versionSelect = { id: true, datasetId: true, version: true, finalized: true, createdAt: true, contentHash: true } as const;

/** The versions of a project's alias from one source, oldest first (the ones whose dataset still exists). */
export function listDatasetVersions(db: Db, projectId: string, alias: string, source: 'push' | 'test-run') {
  return db.datasetVersion.findMany({ where: { projectId, alias, source, dataset: { importing: false } }, orderBy: { createdAt: 'asc' }, select: versionSelect });
}

/** One version of a project's alias: by its label, else the newest (finalized only when asked); null when there is none. */
export function getDatasetVersion(db: Db, projectId: string, alias: string, source: 'push' | 'test-run', options: { version?: string; finalizedOnly: boolean }) {
  return db.datasetVersion.findFirst({
    where: { projectId, alias, source, dataset: { importing: false }, ...(options.version !== undefined ? { version: options.version } : {}), ...(options.finalizedOnly ? { finalized: true } : {}) },
    orderBy: { createdAt: 'desc' },
    select: versionSelect,
  });
}

/** Marks a version finalized (its goldens pushed again with finalized set). */
export async function finalizeDatasetVersion(db: Db, projectId: string, id: string): Promise<void> {
  await db.datasetVersion.update({ where: { id, projectId }, data: { finalized: true } });
}
