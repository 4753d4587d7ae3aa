import { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../../db-types';

interface ChunkTurnRow {
  position: number | bigint;
  externalId: string | null;
  matchKey: string;
  scenario: string | null;
  expectedOutcome: string | null;
  id: string | null;
  index: number | bigint | null;
  role: string | null;
  content: string | null;
}

/**
 * A chunk's work: the source conversations at positions [from, to) (all when no range) with
 * their turns in order, and the replay's items there with what is stored of them. The
 * conversations and turns are one joined read: through the client's nested read (a query per
 * relation, joined here, and a plan made on first use) it was most of the wait before a
 * worker's first request.
 */
export async function listChunkWork(db: Db, replayId: string, datasetId: string, range: { from: number; to: number } | undefined) {
  const positions = range ? { position: { gte: range.from, lt: range.to } } : {};
  const within = range ? Prisma.sql`AND c."position" >= ${range.from} AND c."position" < ${range.to}` : Prisma.empty;
  const [rows, items] = await Promise.all([
    db.$queryRaw<ChunkTurnRow[]>`SELECT c."position", c."externalId", c."matchKey", c."scenario", c."expectedOutcome", t."id", t."index", t."role", t."content"
      FROM "Conversation" c LEFT JOIN "Turn" t ON t."conversationId" = c."id"
      WHERE c."datasetId" = ${datasetId} ${within}
      ORDER BY c."position", t."index"`,
    db.replayTurn.findMany({
      where: { replayId, ...positions },
      select: { position: true, turnIndex: true, status: true, content: true, state: true, nextFits: true, fitReason: true },
    }),
  ]);
  const conversations: { position: number; matchKey: string; externalId: string | null; scenario: string | null; expectedOutcome: string | null; turns: { id: string; index: number; role: string; content: string }[] }[] = [];
  for (const row of rows) {
    const position = Number(row.position);
    let conversation = conversations.at(-1);
    if (conversation?.position !== position) {
      conversation = { position, matchKey: row.matchKey, externalId: row.externalId, scenario: row.scenario, expectedOutcome: row.expectedOutcome, turns: [] };
      conversations.push(conversation);
    }
    if (row.id !== null) conversation.turns.push({ id: row.id, index: Number(row.index), role: row.role ?? '', content: row.content ?? '' });
  }
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
