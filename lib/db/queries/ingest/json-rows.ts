import { Prisma } from '../../generated/sqlite/client';

/** How a column's value is read from JSON into the column as Prisma stores it. */
export type JsonColumnType = 'text' | 'int' | 'timestamp' | 'json';

export interface JsonColumn {
  name: string;
  type: JsonColumnType;
}

// Rows per statement: one parameter each, whatever the row count; this bounds the text sent at once.
export const JSON_ROWS_PER_STATEMENT = 2000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const quote = (column: string) => `"${column}"`;

/** A value as it goes into the JSON array: dates as each database stores them, Json columns as their JSON text. */
function jsonValue(postgres: boolean, type: JsonColumnType, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (type === 'timestamp' && value instanceof Date) {
    // What the adapters send for a Date: SQLite keeps the ISO text with +00:00, PostgreSQL a UTC timestamp(3).
    return postgres ? value.toISOString() : value.toISOString().replace('Z', '+00:00');
  }
  // A lone surrogate would make PostgreSQL refuse the whole JSON; bound as text it became U+FFFD.
  if (postgres && typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
  return value;
}

/** The expression reading column `i` of a row `v` (a JSON array) as its column's type. */
function readColumn(postgres: boolean, i: number, type: JsonColumnType): string {
  if (!postgres) return `json_extract(r.value, '$[${i}]')`;
  const text = `(r.v->>${i})`;
  return type === 'int' ? `${text}::integer` : type === 'timestamp' ? `${text}::timestamp(3)` : type === 'json' ? `${text}::jsonb` : text;
}

/**
 * `INSERT INTO table (columns) SELECT … FROM <rows as one JSON parameter>`: a multi-row insert
 * whose rows travel as one JSON array of arrays (in `columns` order; Json columns as JSON text,
 * stored as that text like a bound parameter is) instead of a parameter per value. Binding and
 * planning thousands of parameters cost more than the insert itself. `tail` follows the SELECT
 * (an ON CONFLICT clause; SQLite needs the SELECT's WHERE to read it as one).
 */
export function insertFromJson(postgres: boolean, table: string, columns: readonly JsonColumn[], rows: unknown[][], tail = ''): Prisma.Sql {
  const json = JSON.stringify(rows.map((row) => row.map((value, i) => jsonValue(postgres, columns[i].type, value))));
  const select = columns.map((c, i) => readColumn(postgres, i, c.type)).join(', ');
  // jsonb on PostgreSQL: parsed once, each `->> i` is then an array lookup; on json each one parsed the row's text again.
  const from = postgres ? `FROM jsonb_array_elements(` : `FROM json_each(`;
  const after = postgres ? `::jsonb) AS r(v)` : `) AS r WHERE true`;
  return new Prisma.Sql([`INSERT INTO "${table}" (${columns.map((c) => quote(c.name)).join(', ')}) SELECT ${select} ${from}`, `${after}${tail ? ` ${tail}` : ''}`], [json]);
}
