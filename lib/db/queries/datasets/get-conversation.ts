import type { Conversation } from '../../../domain';
import type { Db } from '../../db-types';
import { notFound } from '../../not-found';
import { conversationFromRow, conversationSelect } from '../../rows/conversation-from-row';

export interface ConversationDetail {
  id: string;
  datasetId: string;
  datasetName: string;
  position: number;
  conversation: Conversation;
  /** Personal data redacted from it on the way in, by kind (JSON as stored; lib/pii's countsFromJson reads it). */
  redactions: unknown;
  /** Neighbours in file order, for previous / next links. */
  previousId: string | null;
  nextId: string | null;
}

/** One conversation of a dataset with its turns; not found when it belongs to another dataset. */
export async function getConversation(db: Db, datasetId: string, conversationId: string): Promise<ConversationDetail> {
  const row = await db.conversation.findFirst({
    where: { id: conversationId, datasetId },
    select: { id: true, position: true, redactions: true, dataset: { select: { name: true } }, ...conversationSelect },
  });
  if (!row) throw notFound('Conversation', conversationId);
  const { id, position, dataset, redactions, ...rest } = row;
  const [previous, next] = await Promise.all([
    db.conversation.findUnique({ where: { datasetId_position: { datasetId, position: position - 1 } }, select: { id: true } }),
    db.conversation.findUnique({ where: { datasetId_position: { datasetId, position: position + 1 } }, select: { id: true } }),
  ]);
  return {
    id,
    datasetId,
    datasetName: dataset.name,
    position,
    redactions,
    conversation: conversationFromRow(rest),
    previousId: previous?.id ?? null,
    nextId: next?.id ?? null,
  };
}
