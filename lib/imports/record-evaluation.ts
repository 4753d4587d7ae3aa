import type { Db } from '../db/db-types';
import type { Conversation } from '../domain/conversation';
import { scoreStoredDataset, type RecordedEvaluation, type ScoreDatasetInput } from '../runs';
import { saveDataset, type SaveDatasetInput } from './save-dataset';

export type { RecordedEvaluation };

export interface RecordEvaluationInput extends Omit<ScoreDatasetInput, 'dataset'> {
  dataset: SaveDatasetInput & { conversations: Conversation[] };
}

/** Stores a dataset, then scores it into a run stored beside it (`turnwise eval --save`, the demo). */
export async function recordEvaluation(db: Db, input: RecordEvaluationInput): Promise<RecordedEvaluation> {
  const dataset = await saveDataset(db, input.dataset);
  return scoreStoredDataset(db, { ...input, dataset: { id: dataset.id, projectId: input.dataset.projectId, modelVersion: input.dataset.modelVersion, conversations: input.dataset.conversations } });
}
