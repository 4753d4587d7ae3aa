import type { Db } from '../../db/db-types';
import { createDatasetVersion } from '../../db/queries/dataset-versions/create-dataset-version';
import { findDatasetVersionByContent } from '../../db/queries/dataset-versions/find-dataset-version';
import { renameDataset } from '../../db/queries/datasets/rename-dataset';
import { finalizeDatasetVersion, getDatasetVersion } from '../../db/queries/dataset-versions/list-dataset-versions';
import type { Conversation } from '../../domain';
import { AppError } from '../../errors';
import { saveDataset } from '../../imports/save-dataset';

export interface VersionToStore {
  /** The project the version is stored in (aliases are names within a project). */
  projectId: string;
  alias: string;
  source: 'push' | 'test-run';
  contentHash: string;
  /** The conversations, in batches, read only when no version holds them already. */
  conversations: () => AsyncIterable<Conversation[]>;
  finalized: boolean;
  /** The label the client asked for (a push's `version`). */
  version?: string;
  description: string;
  sourceFormat: string;
}

export interface StoredVersion {
  datasetId: string;
  version: string;
  /** True when an identical version was there already and nothing was stored. */
  reused: boolean;
}

/**
 * A version of a deepeval dataset alias: the version that holds exactly these conversations (by
 * content hash) when there is one, else a new dataset (stored whole or not at all, through the
 * import's writer) recorded as the alias's next version, named after the alias (and its version
 * after the first). So the same cases sent twice, or two
 * test runs of the same cases, land on one dataset, and their runs compare on it. A label asked
 * for names one version: given again with other conversations it is a CONFLICT (versions do not
 * change). Sending a version's conversations again finalized finalizes it.
 */
export async function storeVersion(db: Db, input: VersionToStore): Promise<StoredVersion> {
  const existing =
    input.version !== undefined
      ? await getDatasetVersion(db, input.projectId, input.alias, input.source, { version: input.version, finalizedOnly: false })
      : await findDatasetVersionByContent(db, input.projectId, input.alias, input.contentHash);
  if (existing) {
    if (existing.contentHash !== input.contentHash) {
      throw new AppError('CONFLICT', `Version ${input.version} of dataset ${input.alias} holds other goldens; a version does not change: push without a version (a new one is made) or with a new one (nothing was stored).`, {
        field: 'version',
      });
    }
    if (input.finalized && !existing.finalized) await finalizeDatasetVersion(db, input.projectId, existing.id);
    return { datasetId: existing.datasetId, version: existing.version, reused: true };
  }
  const saved = await saveDataset(db, { projectId: input.projectId, name: input.alias, description: input.description, sourceFormat: input.sourceFormat, conversations: input.conversations() });
  const version = await createDatasetVersion(db, {
    projectId: input.projectId,
    alias: input.alias,
    source: input.source,
    datasetId: saved.id,
    contentHash: input.contentHash,
    finalized: input.finalized,
    ...(input.version !== undefined ? { version: input.version } : {}),
  });
  // Versions of one alias are told apart in every list: the first is the alias, the others say which.
  if (version.version !== '1') await renameDataset(db, input.projectId, saved.id, `${input.alias} (version ${version.version})`);
  return { datasetId: saved.id, version: version.version, reused: false };
}
