import fs from 'node:fs';
import path from 'node:path';
import { prismaPaths } from '../../lib/db/paths';
import type { DbProvider } from '../../lib/db/url';
import { derivePostgresSchema } from './derive-postgres-schema';
import { diffMigrationsAgainstSchema, lockFileContent, PROVIDERS } from './migration-diff';

function migrationNames(migrationsDir: string): string[] {
  if (!fs.existsSync(migrationsDir)) return [];
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Everything `npm run db:check` verifies, as a list of problems (empty when all is well):
 * the Postgres schema is the derivation of the SQLite one; each lock file names its
 * provider; both providers have the same migration folders; and, for each provider in
 * `providers`, applying every migration to an empty database gives exactly its schema.
 */
export async function checkSchemas(options: {
  root: string;
  postgresUrl?: string;
  providers?: DbProvider[];
}): Promise<string[]> {
  const problems: string[] = [];
  const sqlite = prismaPaths('sqlite', options.root);
  const postgres = prismaPaths('postgres', options.root);

  const postgresSchema = fs.existsSync(postgres.schemaPath)
    ? fs.readFileSync(postgres.schemaPath, 'utf8')
    : null;
  try {
    const derived = derivePostgresSchema(fs.readFileSync(sqlite.schemaPath, 'utf8'));
    if (postgresSchema !== derived) {
      problems.push(
        'prisma/postgres/schema.prisma is not derived from prisma/sqlite/schema.prisma: run `npm run db:derive`',
      );
    }
  } catch (error) {
    problems.push((error as Error).message);
  }

  for (const provider of PROVIDERS) {
    const lockPath = path.join(prismaPaths(provider, options.root).migrationsDir, 'migration_lock.toml');
    const lock = fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null;
    if (lock?.trim() !== lockFileContent(provider).trim()) {
      problems.push(`prisma/${provider}/migrations/migration_lock.toml is missing or names another provider`);
    }
  }

  const sqliteNames = migrationNames(sqlite.migrationsDir);
  const postgresNames = migrationNames(postgres.migrationsDir);
  const onlySqlite = sqliteNames.filter((name) => !postgresNames.includes(name));
  const onlyPostgres = postgresNames.filter((name) => !sqliteNames.includes(name));
  if (onlySqlite.length || onlyPostgres.length) {
    problems.push(
      `The providers' migration folders differ (only sqlite: ${onlySqlite.join(', ') || '-'}; ` +
        `only postgres: ${onlyPostgres.join(', ') || '-'}): create migrations with \`npm run db:migration -- <name>\``,
    );
  }

  for (const provider of options.providers ?? PROVIDERS) {
    try {
      const diff = await diffMigrationsAgainstSchema(provider, options);
      if (diff.changed) {
        problems.push(
          `prisma/${provider}: the migrations do not produce the schema; ` +
            `create a migration with \`npm run db:migration -- <name>\`. Missing:\n${diff.script.trim()}`,
        );
      }
    } catch (error) {
      problems.push(`prisma/${provider}: ${(error as Error).message}`);
    }
  }
  return problems;
}
