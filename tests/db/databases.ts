import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPostgresDatabase, dropPostgresDatabase } from '../../lib/db/postgres-adapter';
import type { DbProvider } from '../../lib/db/url';

/** SQLite always; PostgreSQL when TEST_POSTGRES_URL names a server whose role has CREATEDB. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL?.trim() || undefined;
export const providers: DbProvider[] = TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
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
