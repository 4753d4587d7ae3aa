import fs from 'node:fs/promises';
import path from 'node:path';
import type { MigrationList, SchemaFilter } from '@prisma/schema-engine-wasm';
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import { prismaPaths } from './paths';
import { createMigrationFactory, withSchemaEngine } from './schema-engine';
import { type DbProvider, providerOf } from './url';

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
  const adapter = await factory.connect();
  try {
    await createMigrationsTable(adapter, provider);
  } finally {
    await adapter.dispose();
  }
  const migrationsList = await readMigrationList(prismaPaths(provider, options.root).migrationsDir);
  const { appliedMigrationNames } = await withSchemaEngine(factory, null, (engine) =>
    engine.applyMigrations({ migrationsList, filters: NO_FILTERS }),
  );
  return appliedMigrationNames;
}
