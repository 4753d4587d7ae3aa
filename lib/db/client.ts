import { PrismaClient as PostgresPrismaClient } from './generated/postgres/client';
import { PrismaClient as SqlitePrismaClient } from './generated/sqlite/client';
import { createPostgresAdapterFactory } from './postgres-adapter';
import { SeparateReadsPrismaLibSql } from './sqlite-adapter';
import { getDatabaseUrl, parseDatabaseUrl, providerOf } from './url';
import type { Db } from './db-types';

/** How long a transaction waits for the one before it on the same SQLite client. */
export const SQLITE_TRANSACTION_MAX_WAIT_MS = 10 * 60_000;

/** A new client on `url` (tests, scripts). The app uses getDb(). */
export function createDbClient(url: string): Db {
  const checked = parseDatabaseUrl(url);
  if (providerOf(checked) === 'postgres') {
    const client = new PostgresPrismaClient({ adapter: createPostgresAdapterFactory(checked) });
    // The one place the two generated clients meet: both come from the same models, so
    // their model APIs are identical; only provider-internal types differ.
    return client as unknown as Db;
  }
  return new SqlitePrismaClient({
    adapter: new SeparateReadsPrismaLibSql(checked),
    // One SQLite client runs one transaction at a time; the others queue for it. An import's
    // batch or a large delete can take a few seconds, and a run storing its results meanwhile
    // must wait its turn rather than give up after Prisma's default 2 s.
    transactionOptions: { maxWait: SQLITE_TRANSACTION_MAX_WAIT_MS },
  });
}

const globalForDb = globalThis as unknown as { turnwiseDb?: Db };

/** The process's client on DATABASE_URL, created on first use and kept across hot reloads. */
export function getDb(): Db {
  globalForDb.turnwiseDb ??= createDbClient(getDatabaseUrl());
  return globalForDb.turnwiseDb;
}

/** Closes the process's client; the next getDb() creates a new one. */
export async function disconnectDb(): Promise<void> {
  const db = globalForDb.turnwiseDb;
  globalForDb.turnwiseDb = undefined;
  await db?.$disconnect();
}
