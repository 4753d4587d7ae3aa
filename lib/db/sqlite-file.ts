import { isPostgresDb } from './db-provider';
import type { Db } from './db-types';

/** The file behind a SQLite client (PRAGMA database_list); null for PostgreSQL or an in-memory database. */
export async function sqliteDatabaseFile(db: Db): Promise<string | null> {
  if (isPostgresDb(db)) return null;
  const rows = await db.$queryRawUnsafe<{ name: string; file: string }[]>('PRAGMA database_list');
  return rows.find((r) => r.name === 'main')?.file || null;
}
