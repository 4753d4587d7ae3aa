import type { Db } from '../../db-types';
import { isUniqueViolation } from '../../unique-violation';

export interface NewDatasetVersion {
  /** Its dataset's project: aliases are names within a project. */
  projectId: string;
  alias: string;
  source: 'push' | 'test-run';
  datasetId: string;
  contentHash: string;
  finalized: boolean;
  /** The label the client gave; else the next number of the alias and source ("1", "2", …). */
  version?: string;
}

/** Records a stored dataset as the next version of an alias; with no label given, two racing writers each get their own number. */
export async function createDatasetVersion(db: Db, input: NewDatasetVersion): Promise<{ id: string; version: string }> {
  for (let attempt = 0; ; attempt++) {
    const version = input.version ?? String((await db.datasetVersion.count({ where: { projectId: input.projectId, alias: input.alias, source: input.source } })) + 1 + attempt);
    try {
      return await db.datasetVersion.create({
        data: { projectId: input.projectId, alias: input.alias, source: input.source, version, datasetId: input.datasetId, contentHash: input.contentHash, finalized: input.finalized },
        select: { id: true, version: true },
      });
    } catch (error) {
      if (!isUniqueViolation(error) || input.version !== undefined || attempt >= 5) throw error;
    }
  }
}
