import pg from 'pg';
import { ensureSearchIndex } from './search-index';
import { createSqliteAdapterFactory } from './sqlite-adapter';
import { providerOf } from './url';

/*
 * Indexes Prisma's schema cannot describe, so they live outside the migrations (which `npm run
 * db:check` replays against the schema) and are created here, idempotently, each time the
 * database is prepared: the turn search index (search-index.ts), and a partial index of the
 * turns a dataset file labelled. The agreement panel reads those labels for a run's dataset;
 * without it that read went through every turn of every dataset (0.5 s at 20,000 conversations
 * on PostgreSQL, with no label anywhere). Partial: it holds labelled turns only, so it costs an
 * unlabelled import nothing. Both providers use it for `"labels" IS NOT NULL`.
 *
 * PostgreSQL also gets a trigram index (pg_trgm) of each conversation's name, external id and
 * first user message, which the dataset page's conversation search reads (ILIKE '%word%'):
 * without it a search read every conversation of the dataset (a rare word cost as much as
 * reading all of them). pg_trgm ships with PostgreSQL and a database's owner may create it; where
 * the role may not, the search works as before, reading every conversation, and this says so.
 */

/**
 * Creates a PostgreSQL index where it is missing, under an advisory lock so that processes
 * preparing the database at once make it once. `prepare` runs first, once the index is found
 * missing; false leaves the index out.
 */
async function ensurePostgresIndex(url: string, table: string, index: string, ddl: string, prepare?: (client: pg.Client) => Promise<boolean>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Checked first: CREATE INDEX takes a lock on the table even when the index exists.
    const existing = await client.query(`SELECT 1 FROM pg_indexes WHERE tablename = $1 AND indexname = $2`, [table, index]);
    if (existing.rowCount !== 0) return;
    if (prepare && !(await prepare(client))) return;
    await client.query(`BEGIN; SELECT pg_advisory_xact_lock(hashtext('turnwise:index:${index}')); ${ddl}; COMMIT;`);
  } finally {
    await client.end();
  }
}

const LABELLED_TURNS_INDEX = 'Turn_labelled_idx';
const LABELLED_TURNS_DDL = `CREATE INDEX IF NOT EXISTS "${LABELLED_TURNS_INDEX}" ON "Turn" ("conversationId", "index") WHERE "labels" IS NOT NULL`;

async function ensureLabelledTurnsIndex(url: string): Promise<void> {
  if (providerOf(url) === 'postgres') return ensurePostgresIndex(url, 'Turn', LABELLED_TURNS_INDEX, LABELLED_TURNS_DDL);
  const adapter = await createSqliteAdapterFactory(url).connect();
  try {
    await adapter.executeScript(`${LABELLED_TURNS_DDL};`);
  } finally {
    await adapter.dispose();
  }
}

const CONVERSATION_SEARCH_INDEX = 'Conversation_search_trgm_idx';
const CONVERSATION_SEARCH_DDL = `CREATE INDEX IF NOT EXISTS "${CONVERSATION_SEARCH_INDEX}" ON "Conversation" USING gin ("name" gin_trgm_ops, "externalId" gin_trgm_ops, "firstUserMessage" gin_trgm_ops)`;

/** pg_trgm, where this role may create it; false (and says so) where it may not. */
async function createTrigramExtension(client: pg.Client): Promise<boolean> {
  await client.query(`SELECT pg_advisory_lock(hashtext('turnwise:conversation-search-index'))`);
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    return true;
  } catch (error) {
    console.error(
      `The conversation search reads every conversation of a dataset: this role may not create the pg_trgm extension (${error instanceof Error ? error.message : String(error)}). Run CREATE EXTENSION pg_trgm as the database's owner to index it.`,
    );
    return false;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext('turnwise:conversation-search-index'))`).catch(() => undefined);
  }
}

async function ensureConversationSearchIndex(url: string): Promise<void> {
  if (providerOf(url) !== 'postgres') return;
  await ensurePostgresIndex(url, 'Conversation', CONVERSATION_SEARCH_INDEX, CONVERSATION_SEARCH_DDL, createTrigramExtension);
}

/** Creates the indexes the migrations cannot hold, where missing (after the migrations). */
export async function ensureIndexesOutsideMigrations(url: string): Promise<void> {
  await ensureSearchIndex(url);
  await ensureLabelledTurnsIndex(url);
  await ensureConversationSearchIndex(url);
}
