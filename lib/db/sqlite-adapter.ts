import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client, Config } from '@libsql/client';
import { PrismaLibSql } from '@prisma/adapter-libsql';
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import { storageErrorOf } from './storage-error';
import { sqliteFilePath } from './url';

/**
 * How long a connection waits for another process's write lock before failing. A large delete or
 * a slow disk can hold the lock for seconds: the run worker, in a process of its own, waits for
 * it rather than fails. The wait is synchronous (libsql), so a
 * process must never open a second client on the same file: one client's wait would freeze the
 * event loop the other client's transaction needs to finish.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 10 * 60_000;

const CONNECTION_PRAGMAS = [
  `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
  // libsql turns foreign keys on by default; cascade deletes depend on it, so say it.
  'PRAGMA foreign_keys = ON',
];

const USES_CONNECTION = new Set(['execute', 'batch', 'migrate', 'transaction', 'executeMultiple']);
const WRITE_STATEMENT = /^\s*(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b/i;

/** Whether a call wrote (a statement that changes the database, or a batch of them). */
function writes(prop: string, args: unknown[]): boolean {
  if (prop !== 'execute') return prop !== 'transaction';
  const stmt = args[0] as string | { sql?: unknown };
  const sql = typeof stmt === 'string' ? stmt : String(stmt?.sql ?? '');
  return WRITE_STATEMENT.test(sql.slice(0, 64));
}

/** After these calls the client's next statement runs on a new connection. */
const HANDS_OFF_CONNECTION = new Set(['transaction', 'reconnect']);

/**
 * @libsql/client gives a transaction its current connection and lazily opens a new one
 * for the next statement, and it has no option for per-connection settings. This wrapper
 * runs CONNECTION_PRAGMAS (and `extra`: tests limit a database's size or make it read-only
 * this way) before the first use of every connection, and starts every
 * transaction with the write lock (BEGIN IMMEDIATE).
 *
 * After a storage failure (the file read-only or its writes refused) the connection is opened
 * anew before each statement until a write goes through: SQLite opens a file it may not write
 * read-only and keeps it so (reads still work on it), and the client keeps its connection, so
 * once the file was writable again the process went on refusing writes until it was restarted.
 */
export function withConnectionPragmas(client: Client, extra: readonly string[] = []): Client {
  const pragmas = [...CONNECTION_PRAGMAS, ...extra];
  let fresh = true;
  let suspect = false;
  return new Proxy(client, {
    get(target, prop) {
      // The client keeps its state in #private fields: always call it with itself as `this`.
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (typeof prop !== 'string') return method.bind(target);
      if (!USES_CONNECTION.has(prop)) {
        if (!HANDS_OFF_CONNECTION.has(prop)) return method.bind(target);
        return async (...args: unknown[]) => {
          const result = await method.apply(target, args);
          fresh = true;
          return result;
        };
      }
      return async (...given: unknown[]) => {
        // A deferred transaction that reads, then writes, fails at once (SQLITE_BUSY, no wait)
        // when another process committed in between, which an import's short transactions do
        // several times a second; one that takes the write lock first waits its turn.
        const args = prop === 'transaction' && (given[0] === undefined || given[0] === 'deferred') ? ['write', ...given.slice(1)] : given;
        if (suspect) {
          await target.reconnect();
          fresh = true;
        }
        try {
          if (fresh) {
            fresh = false;
            for (const sql of pragmas) await target.execute(sql);
          }
          const result = await method.apply(target, args);
          if (HANDS_OFF_CONNECTION.has(prop)) fresh = true;
          if (suspect && writes(prop, args)) suspect = false;
          return result;
        } catch (error) {
          if (storageErrorOf(error)) suspect = true;
          throw error;
        }
      };
    },
  });
}

/** The libsql adapter factory with our connection settings. */
export class TunedPrismaLibSql extends PrismaLibSql {
  createClient(config: Config): Client {
    return withConnectionPragmas(super.createClient(config));
  }
}

export function createSqliteAdapterFactory(url: string): TunedPrismaLibSql {
  return new TunedPrismaLibSql({ url });
}

/** A statement that only reads: what the reading connection takes. */
const READS_ONLY = /^\s*SELECT\b/i;

/** The reading connection's client: our settings, and writes refused outright, so that one sent to it by mistake fails loudly. */
class ReadingPrismaLibSql extends PrismaLibSql {
  createClient(config: Config): Client {
    return withConnectionPragmas(super.createClient(config), ['PRAGMA query_only = ON']);
  }
}

/**
 * The adapter factory of the app's client (lib/db/client.ts): SELECTs made outside a transaction
 * go to a connection of their own. The libsql adapter holds one lock over its connection for the
 * whole of a transaction, so every read of the process waited for the transaction to end: a page
 * waited for an import's batch (seconds, as the import lets requests in between its statements),
 * the worker's reads for its result writes. In WAL mode a reader never waits for the writer; it
 * sees what was committed, as a read made after the transaction did. A file's URL only: an
 * in-memory database is private to its connection.
 */
export class SeparateReadsPrismaLibSql extends TunedPrismaLibSql {
  constructor(private readonly url: string) {
    super({ url });
  }

  override async connect(): Promise<SqlDriverAdapter> {
    const adapter = await super.connect();
    if (sqliteFilePath(this.url) === null) return adapter;
    const reader = await new ReadingPrismaLibSql({ url: this.url }).connect();
    const queryRaw = adapter.queryRaw.bind(adapter);
    const dispose = adapter.dispose.bind(adapter);
    adapter.queryRaw = (query) => (READS_ONLY.test(query.sql) ? reader.queryRaw(query) : queryRaw(query));
    adapter.dispose = async () => {
      await reader.dispose();
      await dispose();
    };
    return adapter;
  }
}

/**
 * An adapter factory for the schema engine whose shadow database is a temporary file:
 * libsql's `:memory:` database is private to one connection, and the client opens new
 * connections after each transaction.
 */
export function createSqliteMigrationFactory(url: string): SqlMigrationAwareDriverAdapterFactory {
  const main = createSqliteAdapterFactory(url);
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: () => main.connect(),
    connectToShadowDb: async (): Promise<SqlDriverAdapter> => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnwise-shadow-'));
      const shadowUrl = pathToFileURL(path.join(dir, 'shadow.db')).href;
      const adapter = await createSqliteAdapterFactory(shadowUrl).connect();
      // The engine replays each migration file on the shadow database with one
      // executeRaw, of which libsql runs only the first statement.
      const executeRaw = adapter.executeRaw.bind(adapter);
      adapter.executeRaw = async (query) => {
        if (query.args.length > 0) return executeRaw(query);
        await adapter.executeScript(query.sql);
        return 0;
      };
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        fs.rmSync(dir, { recursive: true, force: true });
      };
      return adapter;
    },
  };
}
