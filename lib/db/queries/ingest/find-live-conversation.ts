import type { Db } from '../../db-types';

/** The live conversation a service's traces to a project named `externalId`: its dataset and id, or null when it has not been written. */
export async function findLiveConversationOf(db: Db, projectId: string, service: string, externalId: string): Promise<{ datasetId: string; conversationId: string } | null> {
  const live = await db.liveDataset.findUnique({ where: { projectId_service: { projectId, service } }, select: { datasetId: true } });
  if (!live) return null;
  const conversation = await db.conversation.findFirst({ where: { datasetId: live.datasetId, externalId }, select: { id: true } });
  return conversation ? { datasetId: live.datasetId, conversationId: conversation.id } : null;
}
