import type { Conversation } from '../../../domain';
import type { Db } from '../../db-types';
import { conversationFromRow, conversationSelect } from '../../rows/conversation-from-row';
import { notFound } from '../../not-found';

/** One stored conversation by id; NOT_FOUND for an unknown id. */
export async function getConversationById(db: Db, conversationId: string): Promise<Conversation> {
  const row = await db.conversation.findUnique({ where: { id: conversationId }, select: conversationSelect });
  if (!row) throw notFound('Conversation', conversationId);
  return conversationFromRow(row);
}
