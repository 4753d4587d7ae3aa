import pg from 'pg';
import { createSqliteAdapterFactory } from './sqlite-adapter';
import { type DbProvider, providerOf } from './url';

/*
 * Full-text search over every turn's content. Prisma's schema cannot describe an FTS5 virtual
 * table or a generated column, and `npm run db:check` replays the migrations against the
 * schema, so the index lives outside the migrations: created here, idempotently, each time the
 * database is prepared (after the migrations).
 *
 * SQLite: a contentless FTS5 table (rowid = the turn's rowid). An import adds its turns in bulk
 * when its last batch is stored (indexDatasetTurns: a trigger per row doubled the import's
 * time); triggers remove a deleted turn and re-index an edited one. `contentless_delete` makes
 * removing a turn that was never indexed (an import that failed part-way) harmless. Snippets
 * are cut from Turn.content, not the index. PostgreSQL: a stored generated tsvector column with
 * a GIN index, which PostgreSQL keeps itself. Stored rather than an expression index because
 * ranking reads each match's tsvector: recomputing it made a common word's search on 100,000
 * conversations take 0.7 s.
 */

const SQLITE_SEARCH_DDL = `
CREATE VIRTUAL TABLE IF NOT EXISTS "TurnSearch" USING fts5(content, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER IF NOT EXISTS "TurnSearch_delete" AFTER DELETE ON "Turn" BEGIN
  DELETE FROM "TurnSearch" WHERE rowid = old.rowid;
END;
CREATE TRIGGER IF NOT EXISTS "TurnSearch_update" AFTER UPDATE OF content ON "Turn" BEGIN
  DELETE FROM "TurnSearch" WHERE rowid = old.rowid;
  INSERT INTO "TurnSearch"(rowid, content) VALUES (new.rowid, new.content);
END;`;

// Under a lock, so that processes starting together do not race to create the index.
const POSTGRES_SEARCH_DDL = `
BEGIN;
SELECT pg_advisory_xact_lock(hashtext('turnwise:turn-search-index'));
ALTER TABLE "Turn" ADD COLUMN IF NOT EXISTS "contentSearch" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "content")) STORED;
CREATE INDEX IF NOT EXISTS "Turn_contentSearch_idx" ON "Turn" USING gin ("contentSearch");
DROP INDEX IF EXISTS "Turn_content_search_idx";
COMMIT;`;

/** Creates the search index if missing; a new SQLite index is filled from the turns already stored. */
export async function ensureSearchIndex(url: string): Promise<void> {
  const provider: DbProvider = providerOf(url);
  if (provider === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Adding the column rewrites the table once; checking first spares later starts its lock.
      const existing = await client.query(`SELECT 1 FROM pg_indexes WHERE tablename = 'Turn' AND indexname = 'Turn_contentSearch_idx'`);
      if (existing.rowCount === 0) {
        const stored = await client.query(`SELECT 1 FROM "Turn" LIMIT 1`);
        if (stored.rowCount) console.error('Building the turn search index (once; a large database takes a while)…');
        await client.query(POSTGRES_SEARCH_DDL);
      }
    } finally {
      await client.end();
    }
    return;
  }
  const adapter = await createSqliteAdapterFactory(url).connect();
  try {
    const existing = await adapter.queryRaw({ sql: `SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'TurnSearch'`, args: [], argTypes: [] });
    if (existing.rows.length > 0) return;
    // Turns stored before the index existed (an older database) are indexed once, with it.
    await adapter.executeScript(`BEGIN;${SQLITE_SEARCH_DDL}
INSERT INTO "TurnSearch"(rowid, content) SELECT rowid, content FROM "Turn";
COMMIT;`);
  } finally {
    await adapter.dispose();
  }
}
