import type { Db } from '../../db-types';

export interface TurnLabelInput {
  conversationId: string;
  turnIndex: number;
  metric: string;
  verdict: 'yes' | 'no';
  reviewerId: string;
  reviewerEmail: string;
  note: string | null;
  contentHash: string;
}

/** A reviewer's label on a turn and metric: a second review of the same replaces the first. */
export async function saveTurnLabel(db: Db, input: TurnLabelInput): Promise<void> {
  const { conversationId, turnIndex, metric, reviewerId, ...rest } = input;
  await db.turnLabel.upsert({
    where: { conversationId_turnIndex_metric_reviewerId: { conversationId, turnIndex, metric, reviewerId } },
    create: { conversationId, turnIndex, metric, reviewerId, ...rest },
    update: rest,
  });
}

export async function deleteTurnLabel(db: Db, key: { conversationId: string; turnIndex: number; metric: string; reviewerId: string }): Promise<void> {
  await db.turnLabel.deleteMany({ where: key });
}

export interface StoredTurnLabel {
  conversationId: string;
  turnIndex: number;
  metric: string;
  verdict: string;
  reviewerId: string;
  reviewerEmail: string;
  note: string | null;
  contentHash: string;
}

const select = { conversationId: true, turnIndex: true, metric: true, verdict: true, reviewerId: true, reviewerEmail: true, note: true, contentHash: true } as const;

/** Every review label on one conversation's turns. */
export const listConversationTurnLabels = (db: Db, conversationId: string): Promise<StoredTurnLabel[]> =>
  db.turnLabel.findMany({ where: { conversationId }, select, orderBy: [{ turnIndex: 'asc' }, { metric: 'asc' }] });

/** Every review label on a dataset's turns. */
export const listDatasetLabels = (db: Db, datasetId: string): Promise<StoredTurnLabel[]> =>
  db.turnLabel.findMany({ where: { conversation: { datasetId } }, select });
