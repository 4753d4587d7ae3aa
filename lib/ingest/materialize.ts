import type { Db } from '../db/client';

interface TurnPair {
  /** The LLM call's span: exported evaluation results are parented to it. */
  otel: { traceId: string; spanId: string; responseId?: string };
  startedAt: Date;
  user: string;
  assistant: string;
  retrieved: string[] | null;
  toolCalls: unknown;
}

const TRACE_PREFIX = 'trace:';

async function liveDatasetId(db: Db, service: string): Promise<string> {
  const found = await db.liveDataset.findUnique({ where: { service } });
  if (found) return found.datasetId;
  const dataset = await db.dataset.create({ data: { name: `Live: ${service}`, sourceFormat: 'otlp', description: `Conversations received over OpenTelemetry from ${service}` } });
  try {
    await db.liveDataset.create({ data: { service, datasetId: dataset.id } });
    return dataset.id;
  } catch {
    // Another worker made it first.
    await db.dataset.delete({ where: { id: dataset.id } });
    return (await db.liveDataset.findUniqueOrThrow({ where: { service } })).datasetId;
  }
}

/** The conversation a trace belongs to: the one a span named, else the trace alone. */
async function conversationOfTrace(db: Db, traceId: string): Promise<{ conversationId: string; service: string | null }> {
  const trace = await db.otelTrace.findUnique({ where: { traceId } });
  const call = await db.otelLlmCall.findFirst({ where: { traceId, conversationId: { not: null } }, select: { conversationId: true } });
  const service = trace?.service ?? (await db.otelLlmCall.findFirst({ where: { traceId, service: { not: null } }, select: { service: true } }))?.service ?? null;
  return { conversationId: trace?.conversationId ?? call?.conversationId ?? `${TRACE_PREFIX}${traceId}`, service };
}

/** A trace's turn: its last LLM call with both a user message and an answer. */
async function turnOfTrace(db: Db, traceId: string): Promise<TurnPair | null> {
  const calls = await db.otelLlmCall.findMany({ where: { traceId, userText: { not: null }, assistantText: { not: null } }, orderBy: [{ startedAt: 'desc' }, { spanId: 'desc' }], take: 1 });
  const call = calls[0];
  if (!call?.userText || !call.assistantText) return null;
  const trace = await db.otelTrace.findUnique({ where: { traceId }, select: { retrieved: true } });
  return {
    otel: { traceId: call.traceId, spanId: call.spanId, ...(call.responseId ? { responseId: call.responseId } : {}) },
    startedAt: call.startedAt ?? call.createdAt,
    user: call.userText,
    assistant: call.assistantText,
    retrieved: Array.isArray(trace?.retrieved) ? (trace.retrieved as string[]) : null,
    toolCalls: call.toolCalls ?? null,
  };
}

async function tracesOf(db: Db, conversationId: string): Promise<string[]> {
  if (conversationId.startsWith(TRACE_PREFIX)) return [conversationId.slice(TRACE_PREFIX.length)];
  const fromTraces = await db.otelTrace.findMany({ where: { conversationId }, select: { traceId: true } });
  const fromCalls = await db.otelLlmCall.findMany({ where: { conversationId }, select: { traceId: true }, distinct: ['traceId'] });
  return [...new Set([...fromTraces, ...fromCalls].map((t) => t.traceId))];
}

/** Writes one conversation of a live dataset again from the stored facts, in one transaction. */
async function writeConversation(db: Db, datasetId: string, conversationId: string): Promise<void> {
  const pairs: TurnPair[] = [];
  for (const traceId of await tracesOf(db, conversationId)) {
    const pair = await turnOfTrace(db, traceId);
    if (pair) pairs.push(pair);
  }
  pairs.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  const turns = pairs.flatMap((pair, i) => [
    { index: i * 2, role: 'user', content: pair.user },
    {
      index: i * 2 + 1,
      role: 'assistant',
      content: pair.assistant,
      ...(pair.retrieved ? { retrievalContext: pair.retrieved } : {}),
      ...(pair.toolCalls ? { toolsCalled: pair.toolCalls } : {}),
      metadata: { otel: pair.otel },
    },
  ]);
  for (let attempt = 0; ; attempt++) {
    // Reads stay outside the transaction: on SQLite, two processes whose transactions both read
    // before writing would each wait for the other's lock. The writes alone are one transaction.
    const existing = await db.conversation.findFirst({ where: { datasetId, externalId: conversationId }, select: { position: true } });
    const last = await db.conversation.findFirst({ where: { datasetId }, orderBy: { position: 'desc' }, select: { position: true } });
    const remove = db.conversation.deleteMany({ where: { datasetId, externalId: conversationId } });
    const data = {
      datasetId,
      position: existing?.position ?? (last ? last.position + 1 : 0),
      externalId: conversationId,
      matchKey: conversationId,
      firstUserMessage: pairs[0]?.user.slice(0, 500),
      turnCount: turns.length,
      turns: { create: turns },
    };
    try {
      if (pairs.length) await db.$transaction([remove, db.conversation.create({ data })]);
      else await remove;
      return;
    } catch (error) {
      // Another worker took that position for a new conversation meanwhile: take the next.
      if ((error as { code?: string }).code !== 'P2002' || attempt >= 5) throw error;
    }
  }
}

/** Rewrites the live conversations the given traces belong to, then the datasets' counts. */
export async function materializeTraces(db: Db, traceIds: Iterable<string>): Promise<void> {
  const touched = new Map<string, Set<string>>();
  for (const traceId of new Set(traceIds)) {
    const { conversationId, service } = await conversationOfTrace(db, traceId);
    if (!service) continue;
    const datasetId = await liveDatasetId(db, service);
    const set = touched.get(datasetId) ?? new Set<string>();
    set.add(conversationId);
    // A trace first seen alone and later named by a conversation leaves its own entry.
    if (!conversationId.startsWith(TRACE_PREFIX)) await db.conversation.deleteMany({ where: { datasetId, externalId: `${TRACE_PREFIX}${traceId}` } });
    touched.set(datasetId, set);
  }
  for (const [datasetId, conversations] of touched) {
    for (const conversationId of conversations) await writeConversation(db, datasetId, conversationId);
    const conversationCount = await db.conversation.count({ where: { datasetId } });
    const turns = await db.conversation.aggregate({ where: { datasetId }, _sum: { turnCount: true } });
    await db.dataset.update({ where: { id: datasetId }, data: { conversationCount, turnCount: turns._sum.turnCount ?? 0 } });
  }
}
