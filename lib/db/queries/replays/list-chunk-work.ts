import type { Db } from '../../db-types';

/**
 * A chunk's work: the source conversations at positions [from, to) (all when no range) with
 * their turns in order, and the replay's items there with what is stored of them.
 */
export async function listChunkWork(db: Db, replayId: string, datasetId: string, range: { from: number; to: number } | undefined) {
  const positions = range ? { position: { gte: range.from, lt: range.to } } : {};
  const [conversations, items] = await Promise.all([
    db.conversation.findMany({
      where: { datasetId, ...positions },
      orderBy: { position: 'asc' },
      select: { position: true, matchKey: true, externalId: true, scenario: true, expectedOutcome: true, turns: { orderBy: { index: 'asc' }, select: { id: true, index: true, role: true, content: true } } },
    }),
    db.replayTurn.findMany({
      where: { replayId, ...positions },
      select: { position: true, turnIndex: true, status: true, content: true, state: true, nextFits: true, fitReason: true },
    }),
  ]);
  return { conversations, items };
}

/** How many conversations a dataset holds (what a replay's chunks cover). */
export async function countSourceConversations(db: Db, datasetId: string): Promise<number> {
  return db.conversation.count({ where: { datasetId } });
}

/** The recorded text of conversations [from, to) of a dataset, for the estimate. */
export async function listConversationTexts(db: Db, datasetId: string, from: number, to: number) {
  return db.conversation.findMany({
    where: { datasetId, position: { gte: from, lt: to } },
    select: { scenario: true, turns: { orderBy: { index: 'asc' }, select: { role: true, content: true } } },
  });
}

/** When a replay last stored a turn (null before any). */
export async function getLastTurnStoredAt(db: Db, replayId: string): Promise<Date | null> {
  const last = await db.replayTurn.aggregate({ where: { replayId }, _max: { updatedAt: true } });
  return last._max.updatedAt;
}
