import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDbClient } from '../../lib/db/client';
import type { Db } from '../../lib/db/db-types';
import { withFileLock } from '../../lib/db/file-lock';
import { ensureDatabase } from '../../lib/db/migrations';
import { createPostgresDatabase, dropPostgresDatabase } from '../../lib/db/postgres-adapter';
import type { DbProvider } from '../../lib/db/url';

/** SQLite always; PostgreSQL when TEST_POSTGRES_URL names a server whose role has CREATEDB. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL?.trim() || undefined;
export const providers: DbProvider[] = TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

function postgresUrl(database: string): string {
  if (!TEST_POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set');
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** An empty database of its own: a SQLite file in a new temp folder, or a new Postgres database. */
export async function freshDatabase(provider: DbProvider): Promise<FreshDatabase> {
  if (provider === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnwise-test-'));
    return {
      url: pathToFileURL(path.join(dir, 'nested', 'test.db')).href,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!TEST_POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set');
  const name = `turnwise_test_${randomUUID().replace(/-/g, '')}`;
  const url = await createPostgresDatabase(TEST_POSTGRES_URL, name);
  return { url, drop: () => dropPostgresDatabase(TEST_POSTGRES_URL, name) };
}

/*
 * Migrating a database runs the schema engine over every migration: seconds on a busy
 * machine, once per test file or per test. So the run migrates one template per provider
 * (tests/db/template-setup.ts names them) and each test gets a copy: a file copy for SQLite,
 * CREATE DATABASE … TEMPLATE for PostgreSQL. tests/db/migrations.test.ts still migrates
 * empty databases itself.
 */
const templateReady = new Map<DbProvider, Promise<string>>();

function templateUrl(provider: DbProvider): string {
  const { dir, postgresName } = inject('databaseTemplates');
  return provider === 'sqlite'
    ? pathToFileURL(path.join(dir, 'template.db')).href
    : postgresUrl(postgresName);
}

async function makeTemplate(provider: DbProvider): Promise<string> {
  const { dir } = inject('databaseTemplates');
  const url = templateUrl(provider);
  const marker = path.join(dir, `${provider}.ready`);
  if (fs.existsSync(marker)) return url;
  // One process makes it while the others wait: a process still checking the template
  // would keep PostgreSQL from copying it.
  await withFileLock(`${marker}.lock`, async () => {
    if (fs.existsSync(marker)) return;
    await ensureDatabase(url);
    fs.writeFileSync(marker, '');
  }, { timeoutMs: 10 * 60_000 });
  return url;
}

function template(provider: DbProvider): Promise<string> {
  let ready = templateReady.get(provider);
  if (!ready) {
    ready = makeTemplate(provider);
    templateReady.set(provider, ready);
    ready.catch(() => templateReady.delete(provider));
  }
  return ready;
}

/** A database of its own with every migration applied (and the search index made). */
export async function migratedDatabase(provider: DbProvider): Promise<FreshDatabase> {
  const source = await template(provider);
  if (provider === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnwise-test-'));
    const file = path.join(dir, 'nested', 'test.db');
    fs.mkdirSync(path.dirname(file));
    const from = new URL(source).pathname;
    fs.copyFileSync(from, file);
    if (fs.existsSync(`${from}-wal`)) fs.copyFileSync(`${from}-wal`, `${file}-wal`);
    return {
      url: pathToFileURL(file).href,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!TEST_POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set');
  const name = `turnwise_test_${randomUUID().replace(/-/g, '')}`;
  const templateName = inject('databaseTemplates').postgresName;
  await createFromTemplate(name, templateName);
  return { url: postgresUrl(name), drop: () => dropPostgresDatabase(TEST_POSTGRES_URL, name) };
}

async function createFromTemplate(name: string, templateName: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
        return;
      } catch (error) {
        // 55006: something is still connected to the template (the server's autovacuum,
        // or the process that made it, the moment after); it lets go within moments.
        if ((error as { code?: string }).code !== '55006' || attempt >= 300) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * A migrated SQLite database and a client on it for the tests of the file or describe block this is
 * called in: made before them, the client closed and the database removed after them.
 */
export function sqliteForTests(): { readonly db: Db; readonly url: string } {
  let fresh: FreshDatabase | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    fresh = await migratedDatabase('sqlite');
    db = createDbClient(fresh.url);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await fresh?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error('the test database is made in beforeAll: read it inside a test or hook');
      return db;
    },
    get url() {
      if (!fresh) throw new Error('the test database is made in beforeAll: read it inside a test or hook');
      return fresh.url;
    },
  };
}
