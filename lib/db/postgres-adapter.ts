import { randomUUID } from 'node:crypto';
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type QueryResultLike = { fields?: { dataTypeID: number }[] };

function charColumnsAsText<T>(result: T): T {
  for (const res of (Array.isArray(result) ? result : [result]) as QueryResultLike[]) {
    for (const field of res?.fields ?? []) {
      if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    }
  }
  return result;
}

/**
 * @prisma/adapter-pg 7.10.0 rejects columns of Postgres's one-byte `char` type (OID 18),
 * which the system catalogs the schema engine reads are full of. Its values are plain
 * one-character strings, so this client reports them as text.
 */
class CatalogSafeClient extends pg.Client {
  // pg's overloads cannot be re-declared one by one; the signature stays pg's.
  query(...args: unknown[]): never {
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err: unknown, res: unknown) => void;
      args[last] = (err: unknown, res: unknown) => callback(err, err ? res : charColumnsAsText(res));
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) return result.then(charColumnsAsText) as never;
    return result as never;
  }
}

export function createPostgresAdapterFactory(url: string): PrismaPg {
  return new PrismaPg({ connectionString: url });
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function connectAdapter(url: string, onDispose?: () => Promise<void>): Promise<SqlDriverAdapter> {
  const pool = new pg.Pool({ connectionString: url, Client: CatalogSafeClient });
  // An idle client whose session the server ends (a restart; a throwaway database dropped WITH
  // (FORCE) as its pool closes) is dropped by the pool, which then emits 'error': without a
  // listener that event ends the process. The next query opens a new connection or fails itself.
  pool.on('error', () => undefined);
  const adapter = await new PrismaPg(pool).connect();
  const dispose = adapter.dispose.bind(adapter);
  let disposed = false;
  adapter.dispose = async () => {
    if (disposed) return;
    disposed = true;
    await dispose();
    await pool.end();
    await onDispose?.();
  };
  return adapter;
}

/**
 * An adapter factory for the schema engine. Its shadow databases are real throwaway
 * databases (the role needs CREATEDB), created next to the database of `url` and dropped
 * when the engine disposes of them: adapter-pg's own shadow handling reuses the main
 * database when given a connection string.
 */
export function createPostgresMigrationFactory(url: string): SqlMigrationAwareDriverAdapterFactory {
  const base = createPostgresAdapterFactory(url);
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: () => connectAdapter(url),
    connectToShadowDb: async () => {
      const name = `turnwise_shadow_${randomUUID().replace(/-/g, '')}`;
      await createPostgresDatabase(url, name);
      return connectAdapter(withDatabase(url, name), () => dropPostgresDatabase(url, name));
    },
  };
}

/** Runs `sql` on a short-lived connection to the database of `url`. */
async function runAdmin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a database on the server of `url`; returns its URL. */
export async function createPostgresDatabase(url: string, name: string): Promise<string> {
  await runAdmin(url, `CREATE DATABASE ${quoteIdent(name)}`);
  return withDatabase(url, name);
}

export async function dropPostgresDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await runAdmin(url, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      return;
    } catch (error) {
      // FORCE may not end a server process of another role (an autovacuum worker on the new
      // database): it finishes within moments, so try again.
      if ((error as { code?: string }).code !== '42501' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
