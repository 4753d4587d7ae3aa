import { conversationSchema, type Conversation } from '../../../domain';
import { conversationFromRow, conversationSelect } from '../../rows/conversation-from-row';
import type { Db } from '../../db-types';

export interface RunItemConversation {
  id: string;
  position: number;
  conversation: Conversation;
}

/**
 * A dataset's conversations with their turns, rebuilt as the metrics take them (a null
 * column is an absent field, as it was before it was stored). `range` selects positions
 * from (inclusive) to (exclusive): one chunk of a run.
 */
export async function listRunConversations(
  db: Db,
  datasetId: string,
  range?: { from: number; to: number },
): Promise<RunItemConversation[]> {
  const rows = await db.conversation.findMany({
    where: { datasetId, ...(range ? { position: { gte: range.from, lt: range.to } } : {}) },
    orderBy: { position: 'asc' },
    select: { id: true, position: true, ...conversationSelect },
  });
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    // Stored JSON is checked on the way out like any other input.
    conversation: conversationSchema.parse(conversationFromRow(row)),
  }));
}
