import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db/client';
import { type Db } from '../../lib/db/db-types';
import { applyMigrations, ensureDatabase } from '../../lib/db/migrations';
import { prismaPaths } from '../../lib/db/paths';
import { sqliteFilePath } from '../../lib/db/url';
import { nodeArgs } from '../helpers/entry-bundles';
import { type FreshDatabase, freshDatabase, providers } from './databases';

describe.each(providers)('migrations on %s', (provider) => {
  const { migrationsDir } = prismaPaths(provider);
  const committed = fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  let database: FreshDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await freshDatabase(provider);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database.drop();
  });

  it('applies every committed migration to an empty database, then nothing', async () => {
    if (provider === 'sqlite') {
      expect(fs.existsSync(path.dirname(sqliteFilePath(database.url)!))).toBe(false);
    }
    await Promise.all([ensureDatabase(database.url), ensureDatabase(database.url)]);
    await ensureDatabase(database.url);
    // Bypasses ensureDatabase's memo: nothing is left to apply.
    expect(await applyMigrations(database.url)).toEqual([]);

    db = createDbClient(database.url);
    const rows = await db.$queryRawUnsafe<
      { migration_name: string; checksum: string; finished_at: unknown; rolled_back_at: unknown }[]
    >('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name');
    expect(rows.map((row) => row.migration_name)).toEqual(committed);
    for (const row of rows) {
      const sql = fs.readFileSync(path.join(migrationsDir, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }
    expect(await db.dataset.count()).toBe(0);
    // The partial index of labelled turns the agreement panel reads through (the schema cannot describe it).
    const labelledIndex =
      provider === 'sqlite'
        ? `SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'Turn_labelled_idx' AND sql LIKE '%WHERE "labels" IS NOT NULL%'`
        : `SELECT indexname FROM pg_indexes WHERE tablename = 'Turn' AND indexname = 'Turn_labelled_idx' AND indexdef LIKE '%WHERE (labels IS NOT NULL)%'`;
    expect(await db.$queryRawUnsafe(labelledIndex)).toHaveLength(1);
    if (provider === 'postgres') {
      // The conversation search's trigram index (this role owns the database, so it may create pg_trgm).
      expect(await db.$queryRawUnsafe(`SELECT indexname FROM pg_indexes WHERE tablename = 'Conversation' AND indexname = 'Conversation_search_trgm_idx'`)).toHaveLength(1);
    }
  });

  it('leaves a failed migration to the schema engine, which refuses to go on', async () => {
    // An up-to-date database skips the engine; a failed migration recorded beside the applied
    // ones must still stop the start with the engine's own words.
    const failed = createDbClient(database.url);
    try {
      await failed.$executeRawUnsafe(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES ('failed-one', 'x', '99990101000000_half_done', CURRENT_TIMESTAMP, 0)`,
      );
      await expect(applyMigrations(database.url)).rejects.toThrow(/failed migrations/);
    } finally {
      await failed.$executeRawUnsafe(`DELETE FROM _prisma_migrations WHERE id = 'failed-one'`);
      await failed.$disconnect();
    }
    expect(await applyMigrations(database.url)).toEqual([]);
  });

  if (provider === 'sqlite') {
    it('puts the file in WAL mode and keeps foreign keys on', async () => {
      const [journal] = await db.$queryRawUnsafe<{ journal_mode: string }[]>('PRAGMA journal_mode');
      expect(journal.journal_mode).toBe('wal');
      const [keys] = await db.$queryRawUnsafe<{ foreign_keys: number | bigint }[]>('PRAGMA foreign_keys');
      expect(Number(keys.foreign_keys)).toBe(1);
      const busyTimeout = async () => {
        const [row] = await db.$queryRawUnsafe<{ timeout: number | bigint }[]>('PRAGMA busy_timeout');
        return Number(row.timeout);
      };
      expect(await busyTimeout()).toBeGreaterThan(0);
      // libsql hands its connection to a transaction and opens a new one afterwards.
      await db.$transaction(async (tx) => tx.dataset.count());
      expect(await busyTimeout()).toBeGreaterThan(0);
    });
  }
});

describe.each(providers)('migrations from several processes at once on %s', (provider) => {
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  let database: FreshDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await freshDatabase(provider);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database.drop();
  });

  function migrateInChildProcess(): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, nodeArgs('scripts/db/migrate.ts'), {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: database.url },
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => resolve({ code, output }));
    });
  }

  it('applies each migration exactly once and records no failure', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => migrateInChildProcess()));
    for (const run of runs) expect(run, run.output).toMatchObject({ code: 0 });
    db = createDbClient(database.url);
    const rows = await db.$queryRawUnsafe<{ migration_name: string; finished_at: unknown }[]>(
      'SELECT migration_name, finished_at FROM _prisma_migrations',
    );
    const folders = fs
      .readdirSync(prismaPaths(provider).migrationsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory());
    expect(rows.length).toBe(folders.length);
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
  }, 60_000);
});
