import fs from 'node:fs';
import path from 'node:path';
import { prismaPaths } from '../../lib/db/paths';
import type { DbProvider } from '../../lib/db/url';
import { syncPostgresSchema } from './derive-postgres-schema';
import {
  diffMigrationsAgainstSchema,
  lockFileContent,
  type MigrationDiff,
  PROVIDERS,
} from './migration-diff';

/** What Prisma writes for a migration without statements. */
const EMPTY_MIGRATION = '-- This is an empty migration.\n';

export function migrationSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 200);
  if (!slug) throw new Error(`Invalid migration name: ${JSON.stringify(name)}`);
  return slug;
}

/** Prisma's folder name: UTC timestamp YYYYMMDDHHMMSS, underscore, name. */
export function migrationFolderName(name: string, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}_${migrationSlug(name)}`;
}

function existingMigrations(migrationsDir: string): string[] {
  if (!fs.existsSync(migrationsDir)) return [];
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export interface CreatedMigration {
  /** Folder name, the same under both providers; null when the schema did not change. */
  name: string | null;
  /** Providers whose migration has statements (the other one, if any, is empty). */
  changed: DbProvider[];
}

/**
 * Derives the Postgres schema, then for each provider diffs its migrations against its
 * schema. When either differs, writes prisma/<provider>/migrations/<name>/migration.sql
 * for both providers, so their histories stay parallel.
 */
export async function createMigration(options: {
  root: string;
  name: string;
  postgresUrl?: string;
  now?: Date;
}): Promise<CreatedMigration> {
  const folder = migrationFolderName(options.name, options.now ?? new Date());
  syncPostgresSchema(options.root);

  const diffs = {} as Record<DbProvider, MigrationDiff>;
  for (const provider of PROVIDERS) {
    const { migrationsDir } = prismaPaths(provider, options.root);
    const last = existingMigrations(migrationsDir).at(-1);
    if (last && last >= folder) {
      throw new Error(`${folder} would not sort after the last migration ${last}`);
    }
    fs.mkdirSync(migrationsDir, { recursive: true });
    const lockPath = path.join(migrationsDir, 'migration_lock.toml');
    if (!fs.existsSync(lockPath)) fs.writeFileSync(lockPath, lockFileContent(provider));
    diffs[provider] = await diffMigrationsAgainstSchema(provider, options);
  }

  const changed = PROVIDERS.filter((provider) => diffs[provider].changed);
  if (changed.length === 0) return { name: null, changed };

  for (const provider of PROVIDERS) {
    const dir = path.join(prismaPaths(provider, options.root).migrationsDir, folder);
    fs.mkdirSync(dir, { recursive: true });
    const { changed: hasChanges, script } = diffs[provider];
    fs.writeFileSync(path.join(dir, 'migration.sql'), hasChanges ? script : EMPTY_MIGRATION);
  }
  return { name: folder, changed };
}
