import type { Client, Config } from '@libsql/client';
import { PrismaLibSql } from '@prisma/adapter-libsql';
import type { Db } from '../../lib/db/db-types';
import { PrismaClient } from '../../lib/db/generated/sqlite/client';
import { withConnectionPragmas } from '../../lib/db/sqlite-adapter';

/**
 * A client on a SQLite file whose every connection also runs `pragmas`: `PRAGMA max_page_count`
 * makes the disk "full" at a set size, `PRAGMA query_only` makes the database read-only
 * (chmod is no test when the tests run as root).
 */
export function sqliteClientWith(url: string, pragmas: readonly string[]): Db {
  class Adapter extends PrismaLibSql {
    createClient(config: Config): Client {
      return withConnectionPragmas(super.createClient(config), pragmas);
    }
  }
  return new PrismaClient({ adapter: new Adapter({ url }) });
}
