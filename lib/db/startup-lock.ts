import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { withFileLock } from './file-lock';
import { providerOf, sqliteFilePath } from './url';

/**
 * Runs `fn` while no other process on the same database runs a step of the same name: a
 * file lock beside a SQLite file, a session advisory lock on PostgreSQL. Start-up steps that
 * check and then write (the demo seed) take turns this way, so processes starting together
 * do them once.
 */
export async function withStartupLock<T>(url: string, name: string, fn: () => Promise<T>): Promise<T> {
  if (providerOf(url) === 'postgres') {
    const key = createHash('sha256').update(`turnwise:${name}`).digest().readBigInt64BE(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [key.toString()]);
      return await fn();
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const file = sqliteFilePath(url);
  if (!file) return fn();
  mkdirSync(path.dirname(file), { recursive: true });
  return withFileLock(`${file}.${name}-lock`, fn, { timeoutMs: 300_000 });
}
