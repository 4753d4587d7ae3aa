import type { Client, Config } from '@libsql/client';
import { LibsqlError } from '@libsql/client';
import { PrismaLibSql } from '@prisma/adapter-libsql';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { Db } from '../../lib/db/db-types';
import { PrismaClient as PostgresPrismaClient } from '../../lib/db/generated/postgres/client';
import { PrismaClient as SqlitePrismaClient } from '../../lib/db/generated/sqlite/client';
import { withConnectionPragmas } from '../../lib/db/sqlite-adapter';

/*
 * Clients whose driver fails chosen statements the way the database does where the condition
 * itself cannot be made in a test (a full disk, a server starting up): the error is the driver's
 * own, and goes through Prisma's driver adapter as the real one would.
 */

// Prisma quotes names with "" on PostgreSQL and `` on SQLite.
const matches = (sql: string, table: string) => /^\s*INSERT\b/i.test(sql) && (sql.includes(`"${table}"`) || sql.includes(`\`${table}\``));

/** A PostgreSQL client whose INSERTs into `table` fail with the server's error `code` and `message`. */
export function postgresClientFailingInserts(url: string, table: string, failure: { code: string; message: string }): Db {
  class FailingPool extends pg.Pool {
    // pg's overloads cannot be re-declared one by one; the signature stays pg's.
    query(...args: unknown[]): never {
      const config = args[0] as string | { text?: string };
      const sql = typeof config === 'string' ? config : (config?.text ?? '');
      if (matches(sql, table)) {
        const error = Object.assign(new pg.DatabaseError(failure.message, failure.message.length, 'error'), { code: failure.code, severity: 'ERROR' });
        return Promise.reject(error) as never;
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  return new PostgresPrismaClient({ adapter: new PrismaPg(new FailingPool({ connectionString: url }), { disposeExternalPool: true }) }) as unknown as Db;
}

/**
 * A SQLite client whose INSERTs into `table` fail with libsql's error for SQLite's result `code`
 * (SQLITE_FULL 13, SQLITE_LOCKED 6, …). It names no file (PRAGMA database_list answers nothing),
 * so the OTLP receiver stores through it rather than on its writer thread.
 */
export function sqliteClientFailingInserts(url: string, table: string, failure: { code: string; rawCode: number; message: string }): Db {
  class Adapter extends PrismaLibSql {
    createClient(config: Config): Client {
      const client = withConnectionPragmas(super.createClient(config));
      return new Proxy(client, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (prop !== 'execute' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
          return async (stmt: string | { sql: string }, ...rest: unknown[]) => {
            const sql = typeof stmt === 'string' ? stmt : stmt.sql;
            if (/^\s*PRAGMA database_list/i.test(sql)) return { columns: [], columnTypes: [], rows: [], rowsAffected: 0, lastInsertRowid: undefined, toJSON: () => ({}) };
            if (matches(sql, table)) throw new LibsqlError(failure.message, failure.code, failure.code, failure.rawCode);
            return (value as (...a: unknown[]) => unknown).call(target, stmt, ...rest);
          };
        },
      });
    }
  }
  return new SqlitePrismaClient({ adapter: new Adapter({ url }) }) as unknown as Db;
}
