import { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../../db-types';

export interface CopyReplayRange {
  /** The new version (hidden, `importing`). */
  datasetId: string;
  replayId: string;
  sourceDatasetId: string;
  /** Source positions [from, to). */
  from: number;
  to: number;
  /** The new position of the first conversation copied: those already stored. */
  offset: number;
  /** A fresh id (lib/db/sequential-ids.ts): the copies' ids are it with the source position (and turn index). */
  idBase: string;
}

/** The id of the copy of the source conversation at `position` (copyReplayRange names them so). */
export const copiedConversationId = (idBase: string, position: number): string => `${idBase}c${position}`;

/**
 * A replay's new dataset version for source conversations [from, to), copied inside the
 * database in one transaction (two INSERT … SELECT): the conversations none of whose replay
 * turns is pending or errored, renumbered from `offset` in source order; their turns as
 * recorded, except the assistant turns the replay regenerated, which take its content, its
 * retrieval context when it gave one (else the recorded one) and its tools (else none) and lose
 * their labels. Every turn is linked to its source turn. The same SQL on SQLite and PostgreSQL.
 * Throws when the dataset is no longer being made (the sweep took it away).
 */
// across projects: the version dataset its replay's worker made.
export async function copyReplayRange(db: Db, range: CopyReplayRange): Promise<{ conversations: number; turns: number }> {
  const { datasetId, replayId, sourceDatasetId, from, to, offset, idBase } = range;
  return db.$transaction(
    async (tx) => {
      await tx.dataset.update({ where: { id: datasetId, importing: true }, data: { updatedAt: new Date() }, select: { id: true } });
      const whole = Prisma.sql`c."datasetId" = ${sourceDatasetId} AND c."position" >= ${from} AND c."position" < ${to}
        AND NOT EXISTS (SELECT 1 FROM "ReplayTurn" r WHERE r."replayId" = ${replayId} AND r."position" = c."position" AND r."status" <> 'done')`;
      const newPosition = Prisma.sql`(CAST(${offset} AS INTEGER) + ROW_NUMBER() OVER (ORDER BY c."position") - 1)`;
      const base = Prisma.sql`CAST(${idBase} AS TEXT)`;
      const conversations = await tx.$executeRaw`
        INSERT INTO "Conversation" ("id", "datasetId", "position", "externalId", "name", "scenario", "expectedOutcome", "chatbotRole", "userDescription", "context", "metadata", "relevantTopics", "availableTools", "matchKey", "firstUserMessage", "turnCount")
        SELECT ${base} || 'c' || CAST(c."position" AS TEXT), CAST(${datasetId} AS TEXT), ${newPosition}, c."externalId", c."name", c."scenario", c."expectedOutcome", c."chatbotRole", c."userDescription", c."context", c."metadata", c."relevantTopics", c."availableTools",
          CASE WHEN c."matchKey" LIKE 'position:%' THEN 'position:' || CAST(${newPosition} AS TEXT) ELSE c."matchKey" END, c."firstUserMessage", c."turnCount"
        FROM "Conversation" c WHERE ${whole}`;
      if (conversations === 0) return { conversations, turns: 0 };
      const turns = await tx.$executeRaw`
        INSERT INTO "Turn" ("id", "conversationId", "index", "role", "content", "retrievalContext", "context", "toolsCalled", "expectedTools", "expectedOutput", "metadata", "labels", "sourceTurnId")
        SELECT ${base} || 't' || CAST(c."position" AS TEXT) || '_' || CAST(t."index" AS TEXT), ${base} || 'c' || CAST(c."position" AS TEXT), t."index", t."role",
          CASE WHEN r."turnIndex" IS NULL THEN t."content" ELSE COALESCE(r."content", '') END,
          CASE WHEN r."retrievalContext" IS NULL THEN t."retrievalContext" ELSE r."retrievalContext" END,
          t."context",
          CASE WHEN r."turnIndex" IS NULL THEN t."toolsCalled" ELSE r."toolsCalled" END,
          t."expectedTools", t."expectedOutput", t."metadata",
          CASE WHEN r."turnIndex" IS NULL THEN t."labels" ELSE NULL END,
          t."id"
        FROM "Conversation" c
        JOIN "Turn" t ON t."conversationId" = c."id"
        LEFT JOIN "ReplayTurn" r ON r."replayId" = ${replayId} AND r."position" = c."position" AND r."turnIndex" = t."index" AND t."role" = 'assistant'
        WHERE ${whole}`;
      return { conversations, turns };
    },
    { timeout: 5 * 60_000 },
  );
}

/** The replay's first off-script turn per conversation (on-policy: the next recorded user turn no longer fitted). */
export async function listOffScriptTurns(db: Db, replayId: string): Promise<{ position: number; turnIndex: number; fitReason: string | null }[]> {
  const rows = await db.replayTurn.findMany({
    where: { replayId, nextFits: false, status: 'done' },
    orderBy: [{ position: 'asc' }, { turnIndex: 'asc' }],
    select: { position: true, turnIndex: true, fitReason: true },
  });
  return rows.filter((row, i) => i === 0 || rows[i - 1].position !== row.position);
}

/** The metadata of a dataset's conversations by id (those that exist). */
export async function listConversationMetadata(db: Db, ids: readonly string[]): Promise<{ id: string; metadata: unknown }[]> {
  return db.conversation.findMany({ where: { id: { in: [...ids] } }, select: { id: true, metadata: true } });
}

/** Writes conversations' metadata, in one transaction. */
export async function saveConversationMetadata(db: Db, rows: readonly { id: string; metadata: Record<string, unknown> }[]): Promise<void> {
  await db.$transaction(rows.map((r) => db.conversation.update({ where: { id: r.id }, data: { metadata: r.metadata as never }, select: { id: true } })));
}
