import pg from 'pg';
import { createSqliteAdapterFactory } from './sqlite-adapter';
import { type DbProvider, providerOf } from './url';

/*
 * Full-text search over every turn's content. Prisma's schema cannot describe an FTS5 virtual
 * table or an expression index, and `npm run db:check` replays the migrations against the
 * schema, so the index lives outside the migrations: created here, idempotently, each time the
 * database is prepared (after the migrations), and kept in step by triggers (SQLite) or by
 * PostgreSQL itself (an expression GIN index).
 */

export const TURN_SEARCH_TABLE = 'TurnSearch';

const SQLITE_SEARCH_DDL = `
CREATE VIRTUAL TABLE IF NOT EXISTS "TurnSearch" USING fts5(content, content='Turn', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER IF NOT EXISTS "TurnSearch_insert" AFTER INSERT ON "Turn" BEGIN
  INSERT INTO "TurnSearch"(rowid, content) VALUES (new.rowid, new.content);
END;
CREATE TRIGGER IF NOT EXISTS "TurnSearch_delete" AFTER DELETE ON "Turn" BEGIN
  INSERT INTO "TurnSearch"("TurnSearch", rowid, content) VALUES ('delete', old.rowid, old.content);
END;
CREATE TRIGGER IF NOT EXISTS "TurnSearch_update" AFTER UPDATE OF content ON "Turn" BEGIN
  INSERT INTO "TurnSearch"("TurnSearch", rowid, content) VALUES ('delete', old.rowid, old.content);
  INSERT INTO "TurnSearch"(rowid, content) VALUES (new.rowid, new.content);
END;`;

const POSTGRES_SEARCH_DDL = `CREATE INDEX IF NOT EXISTS "Turn_content_search_idx" ON "Turn" USING gin (to_tsvector('simple', "content"))`;

/** Creates the search index if missing; a new SQLite index is filled from the turns already stored. */
export async function ensureSearchIndex(url: string): Promise<void> {
  const provider: DbProvider = providerOf(url);
  if (provider === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(POSTGRES_SEARCH_DDL);
    } finally {
      await client.end();
    }
    return;
  }
  const adapter = await createSqliteAdapterFactory(url).connect();
  try {
    const existing = await adapter.queryRaw({ sql: `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${TURN_SEARCH_TABLE}'`, args: [], argTypes: [] });
    await adapter.executeScript(SQLITE_SEARCH_DDL);
    // Turns stored before the index existed (an older database): index them once.
    if (existing.rows.length === 0) await adapter.executeScript(`INSERT INTO "TurnSearch"("TurnSearch") VALUES ('rebuild');`);
  } finally {
    await adapter.dispose();
  }
}
