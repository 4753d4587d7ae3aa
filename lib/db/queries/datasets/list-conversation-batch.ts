import type { Conversation } from '../../../domain';
import type { Db } from '../../db-types';
import { conversationFromRow, conversationSelect } from '../../rows/conversation-from-row';

/**
 * Up to `take` whole conversations (with their turns) of a dataset after `afterPosition`, in file
 * order: keyset pages for streaming a large dataset out without holding it.
 */
export async function listConversationBatch(
  db: Db,
  datasetId: string,
  page: { afterPosition: number; take: number },
): Promise<{ position: number; conversation: Conversation }[]> {
  const rows = await db.conversation.findMany({
    where: { datasetId, position: { gt: page.afterPosition } },
    orderBy: { position: 'asc' },
    take: page.take,
    select: { position: true, ...conversationSelect },
  });
  return rows.map(({ position, ...row }) => ({ position, conversation: conversationFromRow(row) }));
}
