import type { Conversation } from '../../../domain';
import type { Db } from '../../db-types';
import { conversationFromRow, conversationSelect } from '../../rows/conversation-from-row';
import { listConversationBatch } from './list-conversation-batch';

/** Conversations read per query when a whole dataset is walked. */
const PAGE = 500;

const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A dataset's conversations in file order, one keyset page at a time, with a turn of the event
 * loop between pages: walking a large dataset never holds the server for more than one page.
 */
export async function* datasetConversationPages(db: Db, datasetId: string, pageSize = PAGE): AsyncGenerator<Conversation[]> {
  let after = -1;
  for (;;) {
    const rows = await listConversationBatch(db, datasetId, { afterPosition: after, take: pageSize });
    if (rows.length === 0) return;
    yield rows.map((r) => r.conversation);
    after = rows[rows.length - 1].position;
    if (rows.length < pageSize) return;
    await letOthersRun();
  }
}

/** The conversations at the given positions of a dataset (absent positions are left out). */
export async function listConversationsAt(db: Db, datasetId: string, positions: number[]): Promise<{ position: number; conversation: Conversation }[]> {
  const rows = await db.conversation.findMany({
    where: { datasetId, position: { in: positions } },
    select: { position: true, ...conversationSelect },
  });
  return rows.map(({ position, ...row }) => ({ position, conversation: conversationFromRow(row) }));
}
