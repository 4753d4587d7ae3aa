import type { InStatement } from '@libsql/client';

const ROWS_PER_STATEMENT = 400;

/** Multi-row INSERTs of plain rows, in Prisma's SQLite encoding (JSON as text, booleans as 0/1). */
export function insertStatements(table: string, rows: Record<string, unknown>[]): InStatement[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const encode = (v: unknown) =>
    v === undefined || v === null ? null : typeof v === 'boolean' ? (v ? 1 : 0) : typeof v === 'object' ? JSON.stringify(v) : (v as string | number);
  const statements: InStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    const tuple = `(${columns.map(() => '?').join(',')})`;
    statements.push({
      sql: `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${chunk.map(() => tuple).join(',')}`,
      args: chunk.flatMap((row) => columns.map((c) => encode(row[c]))),
    });
  }
  return statements;
}
