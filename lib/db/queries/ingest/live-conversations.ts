import { Prisma } from '../../generated/sqlite/client';
import type { Conversation } from '../../../domain';
import type { Db } from '../../db-types';
import { conversationFromRow, conversationSelect } from '../../rows/conversation-from-row';
import { isPostgresDb } from '../../db-provider';
import { CONVERSATION_COLUMNS, TURN_COLUMNS } from '../datasets/save-dataset';
import { insertFromJson, JSON_ROWS_PER_STATEMENT, type JsonColumn, type JsonColumnType } from './json-rows';

// Ids per `in (…)` list: far below SQLite's 32,766 parameters and Postgres's 65,535.
const IN_CHUNK = 500;

const typed = (columns: readonly string[], types: Record<string, JsonColumnType>): JsonColumn[] => columns.map((name) => ({ name, type: types[name] ?? 'text' }));
// A new live conversation gets its last activity in its insert (no update of the row just written).
const CONVERSATION_JSON_COLUMNS = typed([...CONVERSATION_COLUMNS, 'lastActivityAt'], { position: 'int', turnCount: 'int', context: 'json', metadata: 'json', relevantTopics: 'json', availableTools: 'json', lastActivityAt: 'timestamp' });
const TURN_JSON_COLUMNS = typed(TURN_COLUMNS, { index: 'int', retrievalContext: 'json', context: 'json', toolsCalled: 'json', expectedTools: 'json', metadata: 'json', labels: 'json' });

async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += IN_CHUNK) out.push(...(await read(ids.slice(i, i + IN_CHUNK))));
  return out;
}

/** The live dataset of a service, made on first use. */
export async function liveDatasetOf(db: Db, service: string, applicableCounts: Record<string, unknown>): Promise<string> {
  const found = await db.liveDataset.findUnique({ where: { service } });
  if (found) return found.datasetId;
  const dataset = await db.dataset.create({ data: { name: `Live: ${service}`, sourceFormat: 'otlp', description: `Conversations received over OpenTelemetry from ${service}`, applicableCounts: applicableCounts as Prisma.InputJsonObject } });
  try {
    await db.liveDataset.create({ data: { service, datasetId: dataset.id } });
    return dataset.id;
  } catch {
    // Another worker made it first.
    await db.dataset.delete({ where: { id: dataset.id } });
    return (await db.liveDataset.findUniqueOrThrow({ where: { service } })).datasetId;
  }
}

/**
 * What the traces and their calls say of their conversation and service (calls in the order
 * stored). Calls are read only for the traces whose own row lacks one of the two (it wins over theirs).
 */
export async function listTraceOwners(db: Db, traceIds: string[]) {
  const traces = await inChunks(traceIds, (chunk) => db.otelTrace.findMany({ where: { traceId: { in: chunk } }, select: { traceId: true, conversationId: true, service: true } }));
  const known = new Set(traces.filter((t) => t.conversationId && t.service).map((t) => t.traceId));
  const calls = await inChunks(traceIds.filter((id) => !known.has(id)), (chunk) =>
    db.otelLlmCall.findMany({ where: { traceId: { in: chunk } }, orderBy: { id: 'asc' }, select: { traceId: true, conversationId: true, service: true } }),
  );
  return { traces, calls };
}

/** The traces that name one of these conversations. */
export function listConversationTraces(db: Db, conversationIds: string[]): Promise<{ traceId: string; conversationId: string | null }[]> {
  return inChunks(conversationIds, (chunk) => db.otelTrace.findMany({ where: { conversationId: { in: chunk } }, select: { traceId: true, conversationId: true } }));
}

/** The calls of these traces with both a user message and an answer, latest first, and the traces' retrieved documents. */
export async function listAnsweredCalls(db: Db, traceIds: string[]) {
  const calls = await inChunks(traceIds, (chunk) =>
    db.otelLlmCall.findMany({
      where: { traceId: { in: chunk }, userText: { not: null }, assistantText: { not: null } },
      orderBy: [{ startedAt: 'desc' }, { spanId: 'desc' }],
      select: { traceId: true, spanId: true, responseId: true, startedAt: true, createdAt: true, userText: true, assistantText: true, toolCalls: true, labels: true },
    }),
  );
  const retrieved = await inChunks(traceIds, (chunk) => db.otelTrace.findMany({ where: { traceId: { in: chunk } }, select: { traceId: true, retrieved: true } }));
  return { calls, retrieved };
}

export interface StoredLiveConversation {
  id: string;
  position: number;
  turnCount: number;
  /** "<trace id>:<span id>" of each stored answer, by pair. */
  answers: string[];
}

/** The stored conversations of a live dataset by conversation id (a live conversation's match key is its id), with the span of each answer. */
export async function listStoredLiveConversations(db: Db, datasetId: string, conversationIds: string[]): Promise<Map<string, StoredLiveConversation>> {
  const rows = await inChunks(conversationIds, (chunk) =>
    db.conversation.findMany({
      where: { datasetId, matchKey: { in: chunk } },
      select: { id: true, matchKey: true, position: true, turnCount: true, turns: { where: { role: 'assistant' }, orderBy: { index: 'asc' }, select: { metadata: true } } },
    }),
  );
  return new Map(
    rows.map((r) => [
      r.matchKey,
      {
        id: r.id,
        position: r.position,
        turnCount: r.turnCount,
        answers: r.turns.map((t) => {
          const otel = (t.metadata as { otel?: { traceId?: string; spanId?: string } } | null)?.otel;
          return `${otel?.traceId}:${otel?.spanId}`;
        }),
      },
    ]),
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
  /** Every stored conversation written again: its counts now (new ones have theirs in their row). */
  touched: { id: string; turnCount: number; firstUserMessage: string }[];
  /** The dataset's applicable-metrics counts after the write, and the version of the dataset row they were made from. */
  counts?: { next: Record<string, unknown>; version: Date };
}

/**
 * Writes a live dataset's changed conversations in one transaction: removals, new conversations,
 * changed turns from the first that differs (a conversation that only grew gets its new turns
 * only), then each written conversation's turn count, first message and last activity (online
 * rules count it closed once that is older than their idle time).
 */
export async function writeLiveConversations(db: Db, datasetId: string, write: LiveConversationWrite): Promise<void> {
  const now = new Date();
  const postgres = isPostgresDb(db);
  await db.$transaction(async (tx) => {
    if (write.counts) {
      // Compare-and-set: the counts were made from the dataset as read at `version`; another writer since then means read again.
      const { count } = await tx.dataset.updateMany({ where: { id: datasetId, updatedAt: write.counts.version }, data: { applicableCounts: write.counts.next as Prisma.InputJsonObject } });
      if (count === 0) throw new LiveCountsMoved();
    }
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
      const values = Prisma.join(write.touched.slice(i, i + IN_CHUNK).map((c) => Prisma.sql`(${c.id}, ${c.turnCount}, ${c.firstUserMessage})`));
      // VALUES' columns are column1, column2, … on both databases.
      await tx.$executeRaw`UPDATE "Conversation" SET "turnCount" = CAST(v.column2 AS INTEGER), "firstUserMessage" = v.column3, "lastActivityAt" = ${now}
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
 * What a live dataset's applicable-metrics counts are made from before a write: the stored counts,
 * the row's version (written back only if it is still the same) and the conversations about to be
 * written again, whose share of the counts goes.
 */
export async function readLiveCounts(db: Db, datasetId: string, conversationIds: string[]): Promise<{ stored: unknown; version: Date; previous: Conversation[] }> {
  const { applicableCounts, updatedAt } = await db.dataset.findUniqueOrThrow({ where: { id: datasetId }, select: { applicableCounts: true, updatedAt: true } });
  // A live conversation's match key is its id (as its external id is): the (datasetId, matchKey) index finds them.
  const rows = await inChunks(conversationIds, (chunk) => db.conversation.findMany({ where: { datasetId, matchKey: { in: chunk } }, select: conversationSelect }));
  return { stored: applicableCounts, version: updatedAt, previous: rows.map(conversationFromRow) };
}

/** A dataset's conversation and turn counts from its rows. */
export async function recountDataset(db: Db, datasetId: string): Promise<void> {
  const conversationCount = await db.conversation.count({ where: { datasetId } });
  const turns = await db.conversation.aggregate({ where: { datasetId }, _sum: { turnCount: true } });
  await db.dataset.update({ where: { id: datasetId }, data: { conversationCount, turnCount: turns._sum.turnCount ?? 0 } });
}
