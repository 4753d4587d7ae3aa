import { conversationSelect } from '../../rows/conversation-from-row';
import type { Db } from '../../db-types';

/**
 * What the new dataset version is made of for conversations [from, to): the source
 * conversations as stored, and the replay's items there with their outcome.
 */
export async function listVersionBatch(db: Db, replayId: string, sourceDatasetId: string, from: number, to: number) {
  const [rows, items] = await Promise.all([
    db.conversation.findMany({ where: { datasetId: sourceDatasetId, position: { gte: from, lt: to } }, orderBy: { position: 'asc' }, select: { position: true, ...conversationSelect } }),
    db.replayTurn.findMany({
      where: { replayId, position: { gte: from, lt: to } },
      select: { position: true, turnIndex: true, status: true, content: true, retrievalContext: true, toolsCalled: true, nextFits: true, fitReason: true, state: true },
    }),
  ]);
  return { rows, items };
}

/** Removes a version a replay made with no conversation in it. */
// across projects: the version dataset its replay's worker made.
export async function deleteEmptyVersion(db: Db, datasetId: string): Promise<void> {
  await db.dataset.delete({ where: { id: datasetId } });
}
