import type { Db } from '../db/db-types';
import type { DatasetShell } from '../db/queries/datasets/save-dataset';
import type { Conversation } from '../domain';
import { openDatasetWriter, type SavedDataset } from './dataset-writer';

const BATCH = 1000;

export interface SaveDatasetInput extends DatasetShell {
  /** All conversations, or batches of them as they are made (a large dataset is never held whole). */
  conversations: Conversation[] | AsyncIterable<Conversation[]>;
  /** Called once every row is stored, before the dataset is shown (a replay links its turns to their sources here). */
  beforeShow?: (datasetId: string) => Promise<void>;
}

async function* batchesOf(source: SaveDatasetInput['conversations']): AsyncIterable<Conversation[]> {
  if (Array.isArray(source)) {
    for (let i = 0; i < source.length; i += BATCH) yield source.slice(i, i + BATCH);
  } else {
    yield* source;
  }
}

/**
 * Stores conversations that are already valid (a replay's new version, an evaluation's dataset)
 * through the import's writer: all of them, or nothing when anything fails (an error thrown by
 * the batch source included).
 */
export async function saveDataset(db: Db, input: SaveDatasetInput): Promise<SavedDataset> {
  const { conversations, beforeShow, ...shell } = input;
  const writer = await openDatasetWriter(db, shell);
  try {
    for await (const batch of batchesOf(conversations)) await writer.add(batch);
    await beforeShow?.(writer.id);
    return await writer.finish({ sourceFormat: shell.sourceFormat });
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
