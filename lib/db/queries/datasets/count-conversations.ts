import type { DbOrTx } from '../../db-types';

/** Conversations stored in a dataset. */
export const countDatasetConversations = (db: DbOrTx, datasetId: string): Promise<number> => db.conversation.count({ where: { datasetId } });

/** Whether any dataset is stored (across projects: the demo seeds only an empty database). */
export const hasAnyDataset = async (db: DbOrTx): Promise<boolean> => (await db.dataset.count()) > 0;

/** A dataset's stored conversation count, or null for an unknown dataset or one of another project. */
export async function getDatasetConversationCount(db: DbOrTx, projectId: string, datasetId: string): Promise<number | null> {
  const dataset = await db.dataset.findUnique({ where: { id: datasetId, projectId }, select: { conversationCount: true } });
  return dataset ? dataset.conversationCount : null;
}

/** A dataset's conversation ids in file order. */
export const listConversationIds = (db: DbOrTx, datasetId: string): Promise<{ id: string; position: number }[]> =>
  db.conversation.findMany({ where: { datasetId }, select: { id: true, position: true }, orderBy: { position: 'asc' } });
