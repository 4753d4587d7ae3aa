import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

/**
 * That a conversation exists where a page's address puts it: in the dataset, or in the
 * dataset the run scored, of the page's project. Throws NOT_FOUND otherwise; reads one indexed row.
 */
export async function getConversationRef(db: Db, projectId: string, conversationId: string, where: { datasetId: string } | { runId: string }) {
  const conversation = await db.conversation.findFirst({
    where: {
      id: conversationId,
      ...('datasetId' in where ? { datasetId: where.datasetId, dataset: { projectId } } : { dataset: { projectId, runs: { some: { id: where.runId } } } }),
    },
    select: { id: true },
  });
  if (!conversation) throw notFound('datasetId' in where ? 'Conversation' : 'Run conversation', conversationId);
  return conversation;
}
