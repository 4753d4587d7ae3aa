import { Prisma } from '../../generated/sqlite/client';
import type { Conversation } from '../../../domain';
import type { Db } from '../../db-types';
import { conversationFromRow, type ConversationRow } from '../../rows/conversation-from-row';
import { isPostgresDb } from '../../db-provider';
import { conversationJson } from '../datasets/list-conversations-as-json';
import { CONVERSATION_COLUMNS, TURN_COLUMNS } from '../datasets/save-dataset';
import { inIds } from './ids-parameter';
import { insertFromJson, JSON_ROWS_PER_STATEMENT, type JsonColumn, type JsonColumnType } from './json-rows';

// Ids per `in (…)` list: far below SQLite's 32,766 parameters and Postgres's 65,535.
const IN_CHUNK = 500;

const typed = (columns: readonly string[], types: Record<string, JsonColumnType>): JsonColumn[] => columns.map((name) => ({ name, type: types[name] ?? 'text' }));
// A new live conversation gets its last activity in its insert (no update of the row just written).
const CONVERSATION_JSON_COLUMNS = typed([...CONVERSATION_COLUMNS, 'lastActivityAt'], { position: 'int', turnCount: 'int', context: 'json', metadata: 'json', relevantTopics: 'json', availableTools: 'json', redactions: 'json', lastActivityAt: 'timestamp' });
const TURN_JSON_COLUMNS = typed(TURN_COLUMNS, { index: 'int', retrievalContext: 'json', context: 'json', toolsCalled: 'json', expectedTools: 'json', metadata: 'json', labels: 'json' });

/** The live dataset of a service in a project, made on first use. */
export async function liveDatasetOf(
  db: Db,
  projectId: string,
  service: string,
  applicableCounts: Record<string, unknown>,
  piiRedaction?: () => Promise<Record<string, unknown> | null>,
): Promise<string> {
  const found = await db.liveDataset.findUnique({ where: { projectId_service: { projectId, service } } });
  if (found) return found.datasetId;
  const redaction = await piiRedaction?.();
  const dataset = await db.dataset.create({
    data: {
      projectId,
      name: `Live: ${service}`,
      sourceFormat: 'otlp',
      description: `Conversations received over OpenTelemetry from ${service}`,
      applicableCounts: applicableCounts as Prisma.InputJsonObject,
      ...(redaction ? { piiRedaction: redaction as Prisma.InputJsonObject } : {}),
    },
  });
  try {
    await db.liveDataset.create({ data: { projectId, service, datasetId: dataset.id } });
    return dataset.id;
  } catch {
    // Another worker made it first.
    await db.dataset.delete({ where: { id: dataset.id, projectId } });
    return (await db.liveDataset.findUniqueOrThrow({ where: { projectId_service: { projectId, service } } })).datasetId;
  }
}

/** A stored timestamp as the JSON aggregates give it (SQLite's ISO text, PostgreSQL's timestamptz text). */
const dateOf = (value: string | number): Date => new Date(value);

/** PostgreSQL's timestamp(3) columns hold UTC: as timestamptz its JSON text carries the offset. */
const utc = (postgres: boolean, column: string): Prisma.Sql => Prisma.raw(postgres ? `(${column} AT TIME ZONE 'UTC')` : column);

/** A JSON column as JSON in an aggregate (SQLite keeps it as text). */
const jsonColumn = (postgres: boolean, column: string): Prisma.Sql => Prisma.raw(postgres ? column : `json(${column})`);

/**
 * `SELECT values FROM (SELECT * FROM table c WHERE where) c join` as one JSON text the database
 * makes (an array per row), in `order`: PostgreSQL orders inside json_agg, SQLite's
 * json_group_array takes the rows as the ordered subquery gives them. `order` and `values` name
 * the table as `c`.
 */
async function selectJsonRows<T extends unknown[]>(db: Db, q: { values: Prisma.Sql; table: string; where: Prisma.Sql; order?: string; join?: Prisma.Sql }): Promise<T[]> {
  const postgres = isPostgresDb(db);
  const order = Prisma.raw(q.order ? ` ORDER BY ${q.order}` : '');
  const rows = postgres ? Prisma.sql`COALESCE(json_agg(json_build_array(${q.values})${order}), '[]')::text` : Prisma.sql`json_group_array(json_array(${q.values}))`;
  const [row] = await db.$queryRaw<{ j: string | null }[]>`SELECT ${rows} AS j
    FROM (SELECT * FROM ${Prisma.raw(`"${q.table}"`)} c WHERE ${q.where}${postgres ? Prisma.empty : order}) c ${q.join ?? Prisma.empty}`;
  return row?.j ? (JSON.parse(row.j) as T[]) : [];
}

/*
 * The reads below come back as one JSON text made by the database instead of a row object per
 * record through the client: for the thousands of calls and turns of a backlog slice that cost
 * the ingest worker about a third of its CPU.
 */

/**
 * What the traces and their calls say of their conversation and service (calls in the order
 * stored). Calls are read only for the traces whose own row lacks one of the two (it wins over theirs).
 */
export async function listTraceOwners(db: Db, projectId: string, traceIds: string[]) {
  if (!traceIds.length) return { traces: [], calls: [] };
  const postgres = isPostgresDb(db);
  const values = Prisma.sql`c."traceId", c."conversationId", c."service"`;
  const owner = ([traceId, conversationId, service]: [string, string | null, string | null]) => ({ traceId, conversationId, service });
  const traces = (await selectJsonRows<[string, string | null, string | null]>(db, { values, table: 'OtelTrace', where: Prisma.sql`"projectId" = ${projectId} AND ${inIds(postgres, '"traceId"', traceIds)}` })).map(owner);
  const known = new Set(traces.filter((t) => t.conversationId && t.service).map((t) => t.traceId));
  const unknown = traceIds.filter((id) => !known.has(id));
  if (!unknown.length) return { traces, calls: [] };
  const calls = (await selectJsonRows<[string, string | null, string | null]>(db, { values, table: 'OtelLlmCall', where: Prisma.sql`"projectId" = ${projectId} AND ${inIds(postgres, '"traceId"', unknown)}`, order: 'c."id"' })).map(owner);
  return { traces, calls };
}

/** The traces of a project that name one of these conversations. */
export async function listConversationTraces(db: Db, projectId: string, conversationIds: string[]): Promise<{ traceId: string; conversationId: string | null }[]> {
  if (!conversationIds.length) return [];
  const where = Prisma.sql`"projectId" = ${projectId} AND ${inIds(isPostgresDb(db), '"conversationId"', conversationIds)}`;
  const rows = await selectJsonRows<[string, string | null]>(db, { values: Prisma.sql`c."traceId", c."conversationId"`, table: 'OtelTrace', where });
  return rows.map(([traceId, conversationId]) => ({ traceId, conversationId }));
}

export interface AnsweredCall {
  traceId: string;
  spanId: string;
  responseId: string | null;
  /** When the call started, or when it was stored when that is unknown. */
  at: Date;
  userText: string;
  assistantText: string;
  /** How the call was read (lib/ingest's TraceShape). */
  shape: string | null;
  toolCalls: unknown;
  labels: unknown;
  /** Its trace's retrieved documents. */
  retrieved: unknown;
  /** Personal data redacted from its texts, its tool calls and its trace's documents: each field's counts by kind (null where none were counted). */
  redactions: unknown[];
}

/** The calls of these traces of a project with both a user message and an answer, latest first, each with its trace's retrieved documents. */
export async function listAnsweredCalls(db: Db, projectId: string, traceIds: string[]): Promise<AnsweredCall[]> {
  if (!traceIds.length) return [];
  const postgres = isPostgresDb(db);
  const rows = await selectJsonRows<[string, string, string | null, string | number, string, string, string | null, unknown, unknown, unknown, unknown, unknown, unknown, unknown]>(db, {
    values: Prisma.sql`c."traceId", c."spanId", c."responseId", ${utc(postgres, 'COALESCE(c."startedAt", c."createdAt")')}, c."userText", c."assistantText", c."shape",
      ${jsonColumn(postgres, 'c."toolCalls"')}, ${jsonColumn(postgres, 'c."labels"')}, ${jsonColumn(postgres, 't."retrieved"')},
      ${jsonColumn(postgres, 'c."userRedactions"')}, ${jsonColumn(postgres, 'c."assistantRedactions"')}, ${jsonColumn(postgres, 'c."toolRedactions"')}, ${jsonColumn(postgres, 't."retrievedRedactions"')}`,
    table: 'OtelLlmCall',
    where: Prisma.sql`"projectId" = ${projectId} AND ${inIds(postgres, '"traceId"', traceIds)} AND "userText" IS NOT NULL AND "assistantText" IS NOT NULL`,
    order: 'c."startedAt" DESC, c."spanId" DESC',
    join: Prisma.sql`LEFT JOIN "OtelTrace" t ON t."projectId" = c."projectId" AND t."traceId" = c."traceId"`,
  });
  return rows.map(([traceId, spanId, responseId, at, userText, assistantText, shape, toolCalls, labels, retrieved, ...redactions]) => ({
    traceId,
    spanId,
    responseId,
    at: dateOf(at),
    userText,
    assistantText,
    shape,
    toolCalls,
    labels,
    retrieved,
    redactions,
  }));
}

export interface StoredLiveConversation {
  id: string;
  position: number;
  turnCount: number;
  /** "<trace id>:<span id>" of each stored answer, by pair. */
  answers: string[];
  /** As stored: what its share of the dataset's applicable-metrics counts was made from. */
  conversation: Conversation;
}

/** The stored conversations of a live dataset by conversation id (a live conversation's match key is its id), with their turns and the span of each answer. */
export async function listStoredLiveConversations(db: Db, datasetId: string, conversationIds: string[]): Promise<Map<string, StoredLiveConversation>> {
  if (!conversationIds.length) return new Map();
  const postgres = isPostgresDb(db);
  // The (datasetId, matchKey) index finds them.
  const rows = await db.$queryRaw<{ id: string; matchKey: string; position: number | bigint; turnCount: number | bigint; conversation: string }[]>`
    SELECT c."id", c."matchKey", c."position", c."turnCount", ${conversationJson(postgres)} AS "conversation"
    FROM "Conversation" c WHERE c."datasetId" = ${datasetId} AND ${inIds(postgres, 'c."matchKey"', conversationIds)}`;
  return new Map(
    rows.map((r) => {
      const conversation = conversationFromRow(JSON.parse(r.conversation) as ConversationRow);
      const answers = conversation.turns
        .filter((t) => t.role === 'assistant')
        .map((t) => {
          const otel = (t.metadata as { otel?: { traceId?: string; spanId?: string } } | undefined)?.otel;
          return `${otel?.traceId}:${otel?.spanId}`;
        });
      return [r.matchKey, { id: r.id, position: Number(r.position), turnCount: Number(r.turnCount), answers, conversation }];
    }),
  );
}

/** The next free position of a dataset. */
export async function nextPositionOf(db: Db, datasetId: string): Promise<number> {
  const last = await db.conversation.findFirst({ where: { datasetId }, orderBy: { position: 'desc' }, select: { position: true } });
  return last ? last.position + 1 : 0;
}

export interface LiveConversationWrite {
  /** Live conversations (by match key) to remove: traces first seen alone and since named by a conversation, and conversations left with no turn. */
  remove: string[];
  /** New conversations, rows in CONVERSATION_COLUMNS order. */
  conversations: unknown[][];
  /** Stored conversations' turns to drop from `fromIndex` on (they are written again). */
  cut: { conversationId: string; fromIndex: number }[];
  /** Turns to add, rows in TURN_COLUMNS order. */
  turns: unknown[][];
  /** Every stored conversation written again: its counts now (new ones have theirs in their row), redactions as JSON text or null. */
  touched: { id: string; turnCount: number; firstUserMessage: string; redactions: string | null }[];
  /** What the write adds to the dataset's conversation and turn counts (negative: takes away). */
  added: { conversations: number; turns: number };
  /** The version (updatedAt) of the dataset row the write was made from: another writer since then means read again. */
  version: Date;
  /** The dataset's applicable-metrics counts after the write. */
  counts?: Record<string, unknown>;
}

/**
 * Writes a live dataset's changed conversations in one transaction: the dataset's counts (added
 * to, not counted again: a live dataset only grows, and a count of all its conversations per
 * write grew with it), removals, new conversations, changed turns from the first that differs (a
 * conversation that only grew gets its new turns only), then each written conversation's turn
 * count, first message and last activity (online rules count it closed once that is older than
 * their idle time).
 */
export async function writeLiveConversations(db: Db, datasetId: string, write: LiveConversationWrite): Promise<void> {
  const now = new Date();
  const postgres = isPostgresDb(db);
  await db.$transaction(async (tx) => {
    // Compare-and-set: the write was made from the dataset as read at `version`; another writer since then means read again.
    // across projects: the live dataset the ingest worker found in its batch's project.
    const { count } = await tx.dataset.updateMany({
      where: { id: datasetId, updatedAt: write.version },
      data: {
        conversationCount: { increment: write.added.conversations },
        turnCount: { increment: write.added.turns },
        ...(write.counts ? { applicableCounts: write.counts as Prisma.InputJsonObject } : {}),
      },
    });
    if (count === 0) throw new LiveCountsMoved();
    for (let i = 0; i < write.remove.length; i += IN_CHUNK) await tx.conversation.deleteMany({ where: { datasetId, matchKey: { in: write.remove.slice(i, i + IN_CHUNK) } } });
    for (let i = 0; i < write.cut.length; i += IN_CHUNK) {
      await tx.turn.deleteMany({ where: { OR: write.cut.slice(i, i + IN_CHUNK).map((c) => ({ conversationId: c.conversationId, index: { gte: c.fromIndex } })) } });
    }
    // Rows as one JSON parameter a statement: binding a parameter per value cost more than the insert.
    for (let i = 0; i < write.conversations.length; i += JSON_ROWS_PER_STATEMENT) {
      const rows = write.conversations.slice(i, i + JSON_ROWS_PER_STATEMENT).map((row) => [...row, now]);
      await tx.$executeRaw(insertFromJson(postgres, 'Conversation', CONVERSATION_JSON_COLUMNS, rows));
    }
    for (let i = 0; i < write.turns.length; i += JSON_ROWS_PER_STATEMENT) {
      await tx.$executeRaw(insertFromJson(postgres, 'Turn', TURN_JSON_COLUMNS, write.turns.slice(i, i + JSON_ROWS_PER_STATEMENT)));
    }
    for (let i = 0; i < write.touched.length; i += IN_CHUNK) {
      const values = Prisma.join(write.touched.slice(i, i + IN_CHUNK).map((c) => Prisma.sql`(${c.id}, ${c.turnCount}, ${c.firstUserMessage}, ${c.redactions})`));
      const redactions = Prisma.raw(postgres ? 'CAST(v.column4 AS JSONB)' : 'v.column4');
      // VALUES' columns are column1, column2, … on both databases.
      await tx.$executeRaw`UPDATE "Conversation" SET "turnCount" = CAST(v.column2 AS INTEGER), "firstUserMessage" = v.column3, "redactions" = ${redactions}, "lastActivityAt" = ${now}
        FROM (VALUES ${values}) AS v WHERE "Conversation"."id" = v.column1`;
    }
  });
}

/** The live dataset changed between the read its counts were made from and the write. */
export class LiveCountsMoved extends Error {
  constructor() {
    super('the live dataset was written meanwhile');
    this.name = 'LiveCountsMoved';
  }
}

/**
 * A live dataset's applicable-metrics counts before a write and the row's version: the counts are
 * written back only if it is still the same. Read before the conversations whose share goes.
 */
export async function readLiveCounts(db: Db, datasetId: string): Promise<{ stored: unknown; version: Date }> {
  // across projects: the live dataset the ingest worker just found in its batch's project.
  const { applicableCounts, updatedAt } = await db.dataset.findUniqueOrThrow({ where: { id: datasetId }, select: { applicableCounts: true, updatedAt: true } });
  return { stored: applicableCounts, version: updatedAt };
}
