import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MigrationList, SchemaFilter } from '@prisma/schema-engine-wasm';
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { AppError } from '../errors';
import { withFileLock } from './file-lock';
import { prismaPaths } from './paths';
import { createPostgresDatabase } from './postgres-adapter';
import { createMigrationFactory } from './migration-factory';
import { ensureIndexesOutsideMigrations } from './indexes-outside-migrations';
import { createSqliteAdapterFactory } from './sqlite-adapter';
import { type DbProvider, getDatabaseUrl, providerOf, sqliteFilePath } from './url';

export const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

/** The migrations folder as Prisma's CLI hands it to the schema engine. */
export async function readMigrationList(migrationsDir: string): Promise<MigrationList> {
  const lockPath = 'migration_lock.toml';
  const lockContent = await fs
    .readFile(path.join(migrationsDir, lockPath), 'utf8')
    .catch(() => null);
  const entries = await fs.readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const directories = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => {
        const file = 'migration.sql';
        const content = await fs
          .readFile(path.join(migrationsDir, entry.name, file), 'utf8')
          .then((value) => ({ tag: 'ok' as const, value }))
          .catch((error: Error) => ({ tag: 'error' as const, value: error.message }));
        return { path: entry.name, migrationFile: { path: file, content } };
      }),
  );
  return {
    baseDir: migrationsDir,
    lockfile: { path: lockPath, content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories: directories.sort((a, b) => a.path.localeCompare(b.path)),
  };
}

// Prisma's own definitions (schema engine, create_migrations_table), made idempotent.
// The wasm engine fails with P1014 when the table is missing instead of creating it.
const MIGRATIONS_TABLE_DDL: Record<DbProvider, string> = {
  sqlite: `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
);`,
  postgres: `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);`,
};

export async function createMigrationsTable(
  adapter: SqlDriverAdapter,
  provider: DbProvider,
): Promise<void> {
  try {
    await adapter.executeScript(MIGRATIONS_TABLE_DDL[provider]);
  } catch (error) {
    // Two processes creating it at once: Postgres can report a duplicate type for the loser.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await adapter.executeScript(MIGRATIONS_TABLE_DDL[provider]).catch(() => {
      throw error;
    });
  }
}

/**
 * Applies the unapplied migrations of prisma/<provider>/migrations to the database at
 * `url` through the schema engine, which records them in _prisma_migrations with
 * Prisma's checksums. Returns the names of the migrations it applied.
 */
export async function applyMigrations(
  url: string,
  options: { root?: string } = {},
): Promise<string[]> {
  const provider = providerOf(url);
  const factory = createMigrationFactory(url);
  const migrationsList = await readMigrationList(prismaPaths(provider, options.root).migrationsDir);
  const adapter = await factory.connect();
  try {
    await createMigrationsTable(adapter, provider);
    if (await upToDate(adapter, migrationsList)) return [];
  } finally {
    await adapter.dispose();
  }
  // Loaded only when there is something to apply: compiling the engine's WebAssembly costs
  // tens of milliseconds and megabytes at every start of the CLI otherwise.
  const { withSchemaEngine } = await import('./schema-engine');
  const { appliedMigrationNames } = await withSchemaEngine(factory, null, (engine) =>
    engine.applyMigrations({ migrationsList, filters: NO_FILTERS }),
  );
  return appliedMigrationNames;
}

/**
 * True when every migration folder is recorded as applied and finished, and none failed:
 * then the schema engine would apply nothing. A failed or unfinished one is left to the
 * engine, which reports it.
 */
async function upToDate(adapter: SqlDriverAdapter, list: MigrationList): Promise<boolean> {
  const { rows } = await adapter.queryRaw({
    sql: 'SELECT migration_name, finished_at IS NOT NULL AND rolled_back_at IS NULL, finished_at IS NULL AND rolled_back_at IS NULL FROM _prisma_migrations',
    args: [],
    argTypes: [],
  });
  const applied = new Set<string>();
  for (const [name, done, failed] of rows) {
    if (isTrue(failed)) return false;
    if (isTrue(done)) applied.add(String(name));
  }
  return list.migrationDirectories.every((d) => applied.has(d.path));
}

/** A boolean as SQLite (1) or PostgreSQL (true) returns it. */
const isTrue = (value: unknown): boolean => value === true || value === 1 || value === 1n || value === '1' || value === 't';

const globalForEnsure = globalThis as unknown as {
  turnwiseEnsured?: Map<string, Promise<void>>;
};

async function prepareSqlite(url: string): Promise<void> {
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
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  try {
    await createPostgresDatabase(maintenance.toString(), name);
  } catch (error) {
    // Another process created it first (42P04, or 23505 when both were inside CREATE).
    const code = (error as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') throw error;
  }
}

/** A new database takes every migration at once: name a few, count the rest. */
export function migratedSummary(applied: string[]): string {
  if (applied.length <= 3) return applied.join(', ');
  return `${applied.length} migrations applied (${applied[0]} … ${applied[applied.length - 1]})`;
}

async function migrate(url: string, root?: string): Promise<void> {
  try {
    let applied: string[];
    const file = providerOf(url) === 'sqlite' ? sqliteFilePath(url) : null;
    if (providerOf(url) === 'postgres') {
      await preparePostgres(url);
      // The engine serialises concurrent appliers with a Postgres advisory lock.
      applied = await applyMigrations(url, { root });
      await ensureIndexesOutsideMigrations(url);
    } else if (file) {
      // Two processes applying the same migration to one file would record a failed one.
      mkdirSync(path.dirname(file), { recursive: true });
      applied = await withFileLock(`${file}.migrate-lock`, async () => {
        await prepareSqlite(url);
        const names = await applyMigrations(url, { root });
        await ensureIndexesOutsideMigrations(url);
        return names;
      });
    } else {
      applied = await applyMigrations(url, { root });
      await ensureIndexesOutsideMigrations(url);
    }
    // stderr: a command's stdout may be data (turnwise eval --json -).
    if (applied.length > 0) console.error(`Database migrated: ${migratedSummary(applied)}`);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { engineErrorMessage } = await import('./schema-engine');
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
