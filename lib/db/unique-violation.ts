/**
 * A unique constraint refused a row: Prisma's P2002 from a model call, or from a raw statement
 * (P2010) the database's own words (SQLite "UNIQUE constraint failed", PostgreSQL 23505).
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code === 'P2002') return true;
  return e?.code === 'P2010' && /UNIQUE constraint failed|duplicate key value|23505/i.test(String(e.message ?? ''));
}
