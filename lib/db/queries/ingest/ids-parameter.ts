import { Prisma } from '../../generated/sqlite/client';

/**
 * `column IN (ids)` with the ids as one parameter (a text array on PostgreSQL, a JSON array read
 * by json_each on SQLite): any number of ids, and one statement shape to plan instead of one per
 * list length.
 */
export function inIds(postgres: boolean, column: string, ids: readonly string[]): Prisma.Sql {
  return postgres ? Prisma.sql`${Prisma.raw(column)} = ANY(${[...ids]}::text[])` : Prisma.sql`${Prisma.raw(column)} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}
