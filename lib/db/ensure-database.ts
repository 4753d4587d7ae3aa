import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { AppError } from '../errors';
import { applyMigrations } from './migrations';
import { createPostgresDatabase } from './postgres-adapter';
import { engineErrorMessage } from './schema-engine';
import { createSqliteAdapterFactory } from './sqlite-adapter';
import { getDatabaseUrl, providerOf, sqliteFilePath } from './url';

const globalForEnsure = globalThis as unknown as {
  turnwiseEnsured?: Map<string, Promise<void>>;
};

async function prepareSqlite(url: string): Promise<void> {
  const file = sqliteFilePath(url);
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const adapter = await createSqliteAdapterFactory(url).connect();
  try {
    // Persistent in the file: readers no longer block the writer, which a server needs.
    await adapter.executeScript('PRAGMA journal_mode = WAL;');
  } finally {
    await adapter.dispose();
  }
}

/** Creates the database of a Postgres URL when the server says it does not exist. */
async function preparePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return;
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  await createPostgresDatabase(maintenance.toString(), name);
}

async function migrate(url: string, root?: string): Promise<void> {
  try {
    if (providerOf(url) === 'sqlite') await prepareSqlite(url);
    else await preparePostgres(url);
    const applied = await applyMigrations(url, { root });
    if (applied.length > 0) console.info(`Database migrated: ${applied.join(', ')}`);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('CONFIG', `Cannot prepare the database: ${engineErrorMessage(error)}`, {
      cause: error,
    });
  }
}

/**
 * Brings the database at `url` (DATABASE_URL by default) up to date: creates the SQLite
 * file's folder (or the Postgres database) and applies the unapplied migrations. Call it
 * when the app or the CLI starts. Concurrent and repeated calls in one process share one
 * attempt; a failed attempt is forgotten so the next call retries.
 */
export function ensureDatabase(url: string = getDatabaseUrl(), options: { root?: string } = {}): Promise<void> {
  const map = (globalForEnsure.turnwiseEnsured ??= new Map());
  const key = `${options.root ?? ''}\u0000${url}`;
  let pending = map.get(key);
  if (!pending) {
    pending = migrate(url, options.root);
    map.set(key, pending);
    pending.catch(() => map.delete(key));
  }
  return pending;
}
