import type { Db } from '../db/db-types';
import type { BatchRedactions, DatasetShell } from '../db/queries/datasets/save-dataset';
import type { Conversation } from '../domain';
import { openDatasetWriter, type SavedDataset } from './dataset-writer';

const BATCH = 1000;

export interface SaveDatasetInput extends DatasetShell {
  /** All conversations, or batches of them as they are made (a large dataset is never held whole). */
  conversations: Conversation[] | AsyncIterable<Conversation[]>;
  /** Called once every row is stored, before the dataset is shown (a replay links its turns to their sources here). */
  beforeShow?: (datasetId: string) => Promise<void>;
  /** With a list of conversations: the personal data redacted from each (by index), and the redaction applied (lib/redaction's StoredRedaction). */
  redactions?: BatchRedactions;
  piiRedaction?: Record<string, unknown>;
}

async function* batchesOf(source: SaveDatasetInput['conversations'], redactions?: BatchRedactions): AsyncIterable<[Conversation[], BatchRedactions | undefined]> {
  if (Array.isArray(source)) {
    for (let i = 0; i < source.length; i += BATCH) yield [source.slice(i, i + BATCH), redactions?.slice(i, i + BATCH)];
  } else {
    for await (const batch of source) yield [batch, undefined];
  }
}

/**
 * Stores conversations that are already valid (a replay's new version, an evaluation's dataset)
 * through the import's writer: all of them, or nothing when anything fails (an error thrown by
 * the batch source included).
 */
export async function saveDataset(db: Db, input: SaveDatasetInput): Promise<SavedDataset> {
  const { conversations, beforeShow, redactions, piiRedaction, ...shell } = input;
  const writer = await openDatasetWriter(db, shell);
  try {
    for await (const [batch, counts] of batchesOf(conversations, redactions)) await writer.add(batch, counts);
    await beforeShow?.(writer.id);
    return await writer.finish({ sourceFormat: shell.sourceFormat, piiRedaction });
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
