import { isPostgresDb } from '../../db-provider';
import type { Db, Tx } from '../../db-types';
import { createSequentialIds } from '../../sequential-ids';
import { insertFromJson, JSON_ROWS_PER_STATEMENT, type JsonColumn } from './json-rows';

/** One LLM call's facts merged by trace and span id; an absent field keeps what is stored. */
export interface CallFactRow {
  traceId: string;
  spanId: string;
  service?: string;
  conversationId?: string;
  shape?: string;
  startedAt?: Date;
  userText?: string;
  assistantText?: string;
  toolCalls?: unknown;
  labels?: unknown;
  responseId?: string;
  /** Redactions of personal data made in each text field, by kind. */
  userRedactions?: Record<string, number>;
  assistantRedactions?: Record<string, number>;
  toolRedactions?: Record<string, number>;
}

/** What a trace says about itself; `retrieved` already merged with what is stored (retrievedOf). */
export interface TraceFactRow {
  traceId: string;
  service?: string;
  conversationId?: string;
  retrieved?: string[];
  /** Redactions made in the retrieved documents (those stored included), by kind. */
  retrievedRedactions?: Record<string, number>;
}

const IN_CHUNK = 500;

const CALL_KEYS = ['service', 'conversationId', 'shape', 'startedAt', 'userText', 'assistantText', 'toolCalls', 'labels', 'responseId', 'userRedactions', 'assistantRedactions', 'toolRedactions'] as const;
const TRACE_KEYS = ['conversationId', 'service', 'retrieved', 'retrievedRedactions'] as const;
const JSON_KEYS = new Set<string>(['toolCalls', 'labels', 'retrieved', 'userRedactions', 'assistantRedactions', 'toolRedactions', 'retrievedRedactions']);
const TIME_KEYS = new Set<string>(['startedAt', 'createdAt', 'updatedAt']);

const column = (name: string): JsonColumn => ({ name, type: JSON_KEYS.has(name) ? 'json' : TIME_KEYS.has(name) ? 'timestamp' : 'text' });
const CALL_COLUMNS = ['id', 'projectId', 'traceId', 'spanId', ...CALL_KEYS, 'createdAt', 'updatedAt'].map(column);
const TRACE_COLUMNS = ['projectId', 'traceId', ...TRACE_KEYS, 'updatedAt'].map(column);

const quote = (column: string) => `"${column}"`;

/** ON CONFLICT (`key`) DO UPDATE: a value given replaces the stored one, an absent one (null) keeps it. SQLite and PostgreSQL read it alike. */
const mergeClause = (table: string, key: readonly string[], merged: readonly string[]): string =>
  `ON CONFLICT (${key.map(quote).join(', ')}) DO UPDATE SET ` +
  [...merged.map((c) => `${quote(c)} = COALESCE(excluded.${quote(c)}, "${table}".${quote(c)})`), `"updatedAt" = excluded."updatedAt"`].join(', ');

const valueOf = (key: string, value: unknown): unknown => (value === undefined || value === null ? null : JSON_KEYS.has(key) ? JSON.stringify(value) : value);

async function upsertAll(tx: Tx, postgres: boolean, table: string, columns: readonly JsonColumn[], key: readonly string[], merged: readonly string[], rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += JSON_ROWS_PER_STATEMENT) {
    await tx.$executeRaw(insertFromJson(postgres, table, columns, rows.slice(i, i + JSON_ROWS_PER_STATEMENT), mergeClause(table, key, merged)));
  }
}

/**
 * Stores call and trace facts of a project in one transaction, each table in multi-row INSERT … ON CONFLICT
 * statements (rows as one JSON parameter): a fact sent twice changes nothing, and two workers storing the same row merge
 * into it instead of failing. Each key must appear once per call (merge them first).
 */
export async function upsertFacts(db: Db, projectId: string, calls: CallFactRow[], traces: TraceFactRow[]): Promise<void> {
  if (!calls.length && !traces.length) return;
  const postgres = isPostgresDb(db);
  const nextId = createSequentialIds();
  const now = new Date();
  const callRows = calls.map((c) => [nextId(), projectId, c.traceId, c.spanId, ...CALL_KEYS.map((k) => valueOf(k, c[k])), now, now]);
  const traceRows = traces.map((t) => [projectId, t.traceId, ...TRACE_KEYS.map((k) => valueOf(k, t[k])), now]);
  await db.$transaction(async (tx) => {
    await upsertAll(tx, postgres, 'OtelTrace', TRACE_COLUMNS, ['projectId', 'traceId'], TRACE_KEYS, traceRows);
    await upsertAll(tx, postgres, 'OtelLlmCall', CALL_COLUMNS, ['projectId', 'traceId', 'spanId'], CALL_KEYS, callRows);
  });
}

/** The documents already stored for these traces of a project, with the redactions made in them (only traces with some are listed). */
export async function retrievedOf(db: Db, projectId: string, traceIds: string[]): Promise<Map<string, { retrieved: string[]; redactions?: Record<string, number> }>> {
  const out = new Map<string, { retrieved: string[]; redactions?: Record<string, number> }>();
  for (let i = 0; i < traceIds.length; i += IN_CHUNK) {
    const rows = await db.otelTrace.findMany({ where: { projectId, traceId: { in: traceIds.slice(i, i + IN_CHUNK) } }, select: { traceId: true, retrieved: true, retrievedRedactions: true } });
    for (const row of rows) {
      if (!Array.isArray(row.retrieved)) continue;
      const counts = row.retrievedRedactions && typeof row.retrievedRedactions === 'object' && !Array.isArray(row.retrievedRedactions) ? (row.retrievedRedactions as Record<string, number>) : undefined;
      out.set(row.traceId, { retrieved: row.retrieved as string[], ...(counts ? { redactions: counts } : {}) });
    }
  }
  return out;
}
