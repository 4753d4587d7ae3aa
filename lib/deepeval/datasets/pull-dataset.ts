import type { Db } from '../../db/db-types';
import { getDatasetVersion, listDatasetVersions } from '../../db/queries/dataset-versions/list-dataset-versions';
import { listConversationBatch } from '../../db/queries/datasets/list-conversation-batch';
import { getDataset } from '../../db/queries/datasets/get-dataset';
import { AppError } from '../../errors';
import { conversationalGoldenOf, goldenOf } from './golden-conversation';
import { GOLDENS_FORMAT } from './push-dataset';

const PAGE = 500;

/** What a pull answers (deepeval's DatasetHttpResponse): goldens, or conversational goldens, never both keys (deepeval tells the kinds apart by which is there). */
export type PulledDataset = { id: string; version: string | null; alias: string } & ({ goldens: Record<string, unknown>[] } | { conversationalGoldens: Record<string, unknown>[] });

async function goldensOf(db: Db, datasetId: string, single: boolean): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let after = -1; ; ) {
    const page = await listConversationBatch(db, datasetId, { afterPosition: after, take: PAGE });
    if (page.length === 0) return out;
    for (const { conversation } of page) out.push(single ? goldenOf(conversation) : conversationalGoldenOf(conversation));
    after = page[page.length - 1].position;
  }
}

async function whyNone(db: Db, projectId: string, alias: string, options: { finalized: boolean; version?: string }): Promise<string> {
  const versions = await listDatasetVersions(db, projectId, alias, 'push');
  if (versions.length === 0) return `Dataset ${alias} is not on this Turnwise: push it first (EvaluationDataset.push(alias="${alias}")), or pull a Turnwise dataset by its id.`;
  if (options.version !== undefined && !versions.some((v) => v.version === options.version)) {
    return `Dataset ${alias} has no version ${options.version}; its versions are ${versions.map((v) => v.version).join(', ')}.`;
  }
  return `Dataset ${alias} has no finalized version${options.version !== undefined ? ` ${options.version}` : ''}: pull it with finalized=False, or push it again with finalized=True.`;
}

/**
 * A pull (EvaluationDataset.pull): the newest pushed version of the alias (finalized ones only
 * unless finalized=false; or the version asked for), as the goldens it was pushed as. An alias
 * that names no pushed dataset may be a Turnwise dataset's id: that dataset is answered, its
 * conversations as conversational goldens.
 */
export async function pullDataset(db: Db, projectId: string, alias: string, options: { finalized: boolean; version?: string }): Promise<PulledDataset> {
  const version = await getDatasetVersion(db, projectId, alias, 'push', { ...(options.version !== undefined ? { version: options.version } : {}), finalizedOnly: options.finalized });
  const datasetId = version?.datasetId ?? (options.version === undefined ? await getDataset(db, projectId, alias).then((d) => d.id, () => null) : null);
  if (!datasetId) throw new AppError('NOT_FOUND', await whyNone(db, projectId, alias, options), { field: 'alias' });
  const { sourceFormat } = await getDataset(db, projectId, datasetId);
  const single = sourceFormat === GOLDENS_FORMAT.single;
  const goldens = await goldensOf(db, datasetId, single);
  return { id: datasetId, version: version?.version ?? null, alias, ...(single ? { goldens } : { conversationalGoldens: goldens }) };
}
