import type { Db } from '../db/client';
import type { LlmCallFact, TraceFact } from './extract-facts';

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Merges call facts into their rows (by trace and span id): a fact sent twice changes nothing. */
export async function storeCallFacts(db: Db, facts: LlmCallFact[]): Promise<void> {
  for (const fact of facts) {
    const { traceId, spanId, toolCalls, ...rest } = fact;
    const data = defined({ ...rest, toolCalls: toolCalls ?? undefined });
    await db.otelLlmCall.upsert({ where: { traceId_spanId: { traceId, spanId } }, create: { traceId, spanId, ...data }, update: data });
  }
}

export async function storeTraceFacts(db: Db, facts: TraceFact[]): Promise<void> {
  for (const fact of facts) {
    const { traceId, retrieved, ...rest } = fact;
    const existing = await db.otelTrace.findUnique({ where: { traceId }, select: { retrieved: true } });
    const before = Array.isArray(existing?.retrieved) ? (existing.retrieved as string[]) : [];
    const merged = retrieved ? [...before, ...retrieved.filter((doc) => !before.includes(doc))] : undefined;
    const data = defined({ ...rest, retrieved: merged });
    await db.otelTrace.upsert({ where: { traceId }, create: { traceId, ...data }, update: data });
  }
}
