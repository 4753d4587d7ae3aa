import { isPostgresDb } from '../../db-provider';
import type { Db } from '../../db-types';

/** Conversations whose turns are indexed per statement: each is a short write transaction. */
const CONVERSATIONS_PER_STATEMENT = 5000;

/**
 * Adds a just-imported dataset's turns to the SQLite full-text index (lib/db/search-index.ts),
 * in a few bulk statements: indexing row by row as the batches go in took as long as storing
 * them. PostgreSQL keeps its index itself (a generated column).
 */
export async function indexDatasetTurns(db: Db, datasetId: string, conversationCount: number): Promise<void> {
  if (isPostgresDb(db)) return;
  for (let from = 0; from < conversationCount; from += CONVERSATIONS_PER_STATEMENT) {
    await db.$executeRaw`
      INSERT INTO "TurnSearch"(rowid, content)
      SELECT t.rowid, t."content" FROM "Turn" t JOIN "Conversation" c ON c."id" = t."conversationId"
      WHERE c."datasetId" = ${datasetId} AND c."position" >= ${from} AND c."position" < ${from + CONVERSATIONS_PER_STATEMENT}`;
  }
}
