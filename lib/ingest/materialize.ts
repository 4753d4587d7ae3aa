import type { Db } from '../db/client';
import { CONVERSATION_COLUMNS, CONVERSATION_ROWS, insertRows, TURN_COLUMNS, TURN_ROWS } from '../db/queries/datasets/save-dataset';
import { createSequentialIds } from '../db/queries/datasets/sequential-ids';
import { holdLiveConversations, storeApplicableCounts } from '../db/queries/datasets/applicable-counts';
import { emptyProfile } from '../metrics/applicability-profile';
import { liveConversationOf, nextLiveCounts } from './live-applicable-counts';

interface TurnPair {
  /** The LLM call's span: exported evaluation results are parented to it. */
  otel: { traceId: string; spanId: string; responseId?: string };
  startedAt: Date;
  user: string;
  assistant: string;
  retrieved: string[] | null;
  toolCalls: unknown;
  /** Attributes kept as labels (a model version), shown in the answer's metadata. */
  labels: unknown;
}

const TRACE_PREFIX = 'trace:';

/** A row in the order of `columns`, null where `values` has nothing. */
const rowOf = (columns: readonly string[], values: Record<string, unknown>): unknown[] => columns.map((c) => values[c] ?? null);
// Ids per `in (…)` list: far below SQLite's 32,766 parameters and Postgres's 65,535.
const IN_CHUNK = 500;

async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += IN_CHUNK) out.push(...(await read(ids.slice(i, i + IN_CHUNK))));
  return out;
}

async function liveDatasetId(db: Db, service: string): Promise<string> {
  const found = await db.liveDataset.findUnique({ where: { service } });
  if (found) return found.datasetId;
  const dataset = await db.dataset.create({
    data: { name: `Live: ${service}`, sourceFormat: 'otlp', description: `Conversations received over OpenTelemetry from ${service}`, applicableCounts: emptyProfile() },
  });
  try {
    await db.liveDataset.create({ data: { service, datasetId: dataset.id } });
    return dataset.id;
  } catch {
    // Another worker made it first.
    await db.dataset.delete({ where: { id: dataset.id } });
    return (await db.liveDataset.findUniqueOrThrow({ where: { service } })).datasetId;
  }
}

/** The conversation each trace belongs to (the one a span named, else the trace alone) and its service. */
async function conversationsOfTraces(db: Db, traceIds: string[]): Promise<Map<string, { conversationId: string; service: string | null }>> {
  const traces = await inChunks(traceIds, (chunk) => db.otelTrace.findMany({ where: { traceId: { in: chunk } }, select: { traceId: true, conversationId: true, service: true } }));
  const calls = await inChunks(traceIds, (chunk) => db.otelLlmCall.findMany({ where: { traceId: { in: chunk } }, orderBy: { id: 'asc' }, select: { traceId: true, conversationId: true, service: true } }));
  const trace = new Map(traces.map((t) => [t.traceId, t]));
  const callConversation = new Map<string, string>();
  const callService = new Map<string, string>();
  for (const c of calls) {
    if (c.conversationId && !callConversation.has(c.traceId)) callConversation.set(c.traceId, c.conversationId);
    if (c.service && !callService.has(c.traceId)) callService.set(c.traceId, c.service);
  }
  return new Map(
    traceIds.map((id) => [
      id,
      {
        conversationId: trace.get(id)?.conversationId ?? callConversation.get(id) ?? `${TRACE_PREFIX}${id}`,
        service: trace.get(id)?.service ?? callService.get(id) ?? null,
      },
    ]),
  );
}

/** The traces of each conversation: those a span named it in (a trace-only conversation is its trace). */
async function tracesOfConversations(db: Db, conversationIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>(conversationIds.map((c) => [c, new Set(c.startsWith(TRACE_PREFIX) ? [c.slice(TRACE_PREFIX.length)] : [])]));
  const named = conversationIds.filter((c) => !c.startsWith(TRACE_PREFIX));
  const fromTraces = await inChunks(named, (chunk) => db.otelTrace.findMany({ where: { conversationId: { in: chunk } }, select: { traceId: true, conversationId: true } }));
  const fromCalls = await inChunks(named, (chunk) => db.otelLlmCall.findMany({ where: { conversationId: { in: chunk } }, select: { traceId: true, conversationId: true }, distinct: ['traceId', 'conversationId'] }));
  for (const row of [...fromTraces, ...fromCalls]) if (row.conversationId) out.get(row.conversationId)?.add(row.traceId);
  return out;
}

/** Each trace's turn: its last LLM call with both a user message and an answer, with the trace's retrieved documents. */
async function turnsOfTraces(db: Db, traceIds: string[]): Promise<Map<string, TurnPair>> {
  const calls = await inChunks(traceIds, (chunk) =>
    db.otelLlmCall.findMany({
      where: { traceId: { in: chunk }, userText: { not: null }, assistantText: { not: null } },
      orderBy: [{ startedAt: 'desc' }, { spanId: 'desc' }],
      select: { traceId: true, spanId: true, responseId: true, startedAt: true, createdAt: true, userText: true, assistantText: true, toolCalls: true, labels: true },
    }),
  );
  const retrieved = new Map(
    (await inChunks(traceIds, (chunk) => db.otelTrace.findMany({ where: { traceId: { in: chunk } }, select: { traceId: true, retrieved: true } }))).map((t) => [t.traceId, t.retrieved]),
  );
  const out = new Map<string, TurnPair>();
  for (const call of calls) {
    if (out.has(call.traceId) || !call.userText || !call.assistantText) continue;
    const docs = retrieved.get(call.traceId);
    out.set(call.traceId, {
      otel: { traceId: call.traceId, spanId: call.spanId, ...(call.responseId ? { responseId: call.responseId } : {}) },
      startedAt: call.startedAt ?? call.createdAt,
      user: call.userText,
      assistant: call.assistantText,
      retrieved: Array.isArray(docs) ? (docs as string[]) : null,
      toolCalls: call.toolCalls ?? null,
      labels: call.labels ?? null,
    });
  }
  return out;
}

/** Writes the given conversations of a live dataset again from the stored facts, in one transaction. */
async function writeConversations(db: Db, datasetId: string, conversationIds: string[], orphans: string[]): Promise<void> {
  const traces = await tracesOfConversations(db, conversationIds);
  const pairsOfTrace = await turnsOfTraces(db, [...new Set([...traces.values()].flatMap((s) => [...s]))]);
  const written = conversationIds.map((conversationId) => {
    const pairs = [...(traces.get(conversationId) ?? [])].flatMap((t) => pairsOfTrace.get(t) ?? []).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
    return { conversationId, pairs };
  });
  for (let attempt = 0; ; attempt++) {
    // Reads stay outside the transaction: on SQLite, two processes whose transactions both read
    // before writing would each wait for the other's lock. The writes alone are one transaction.
    const existing = new Map(
      (await inChunks(conversationIds, (chunk) => db.conversation.findMany({ where: { datasetId, externalId: { in: chunk } }, select: { externalId: true, position: true } }))).map((c) => [c.externalId, c.position]),
    );
    const last = await db.conversation.findFirst({ where: { datasetId }, orderBy: { position: 'desc' }, select: { position: true } });
    let nextPosition = last ? last.position + 1 : 0;
    const nextId = createSequentialIds();
    // Rows in the column order of CONVERSATION_COLUMNS and TURN_COLUMNS, inserted as multi-row INSERTs as an import does.
    const conversations: unknown[][] = [];
    const turns: unknown[][] = [];
    const counted = written.filter((w) => w.pairs.length > 0).map((w) => liveConversationOf(w.conversationId, w.pairs));
    for (const { conversationId, pairs } of written) {
      if (!pairs.length) continue;
      const id = nextId();
      const position = existing.get(conversationId) ?? nextPosition++;
      conversations.push(rowOf(CONVERSATION_COLUMNS, { id, datasetId, position, externalId: conversationId, matchKey: conversationId, firstUserMessage: pairs[0].user.slice(0, 500), turnCount: pairs.length * 2 }));
      pairs.forEach((pair, i) => {
        turns.push(rowOf(TURN_COLUMNS, { id: nextId(), conversationId: id, index: i * 2, role: 'user', content: pair.user }));
        turns.push(
          rowOf(TURN_COLUMNS, {
            id: nextId(),
            conversationId: id,
            index: i * 2 + 1,
            role: 'assistant',
            content: pair.assistant,
            retrievalContext: pair.retrieved ? JSON.stringify(pair.retrieved) : null,
            toolsCalled: pair.toolCalls ? JSON.stringify(pair.toolCalls) : null,
            metadata: JSON.stringify({ otel: pair.otel, ...(pair.labels ? { labels: pair.labels } : {}) }),
          }),
        );
      });
    }
    try {
      await db.$transaction(async (tx) => {
        const before = await holdLiveConversations(tx, datasetId, [...orphans, ...conversationIds]);
        // A trace first seen alone and later named by a conversation leaves its own entry.
        if (orphans.length) await tx.conversation.deleteMany({ where: { datasetId, externalId: { in: orphans } } });
        await tx.conversation.deleteMany({ where: { datasetId, externalId: { in: conversationIds } } });
        await insertRows(tx, 'Conversation', CONVERSATION_COLUMNS, conversations, CONVERSATION_ROWS);
        await insertRows(tx, 'Turn', TURN_COLUMNS, turns, TURN_ROWS);
        // When it last changed: online evaluation rules score a conversation once it has gone quiet.
        await tx.conversation.updateMany({ where: { datasetId, externalId: { in: conversationIds } }, data: { lastActivityAt: new Date() } });
        const applicable = nextLiveCounts(before.stored, before.previous, counted);
        if (applicable) await storeApplicableCounts(tx, datasetId, applicable);
      });
      return;
    } catch (error) {
      // Another worker took a position for a new conversation meanwhile: take the next ones.
      if ((error as { code?: string }).code !== 'P2002' || attempt >= 5) throw error;
    }
  }
}

/** Rewrites the live conversations the given traces belong to, then the datasets' counts. */
export async function materializeTraces(db: Db, traceIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(traceIds)];
  if (!ids.length) return;
  const touched = new Map<string, { conversations: Set<string>; orphans: Set<string> }>();
  const datasetOf = new Map<string, string>();
  for (const [traceId, { conversationId, service }] of await conversationsOfTraces(db, ids)) {
    if (!service) continue;
    const datasetId = datasetOf.get(service) ?? (await liveDatasetId(db, service));
    datasetOf.set(service, datasetId);
    const entry = touched.get(datasetId) ?? { conversations: new Set<string>(), orphans: new Set<string>() };
    entry.conversations.add(conversationId);
    if (!conversationId.startsWith(TRACE_PREFIX)) entry.orphans.add(`${TRACE_PREFIX}${traceId}`);
    touched.set(datasetId, entry);
  }
  for (const [datasetId, { conversations, orphans }] of touched) {
    await writeConversations(db, datasetId, [...conversations], [...orphans]);
    const conversationCount = await db.conversation.count({ where: { datasetId } });
    const turns = await db.conversation.aggregate({ where: { datasetId }, _sum: { turnCount: true } });
    await db.dataset.update({ where: { id: datasetId }, data: { conversationCount, turnCount: turns._sum.turnCount ?? 0 } });
  }
}
