import type { Db } from '../db/db-types';
import { FIELD_LIMITS } from '../domain/conversation-limits';
import { retrievedOf, upsertFacts, type CallFactRow, type TraceFactRow } from '../db/queries/ingest/store-facts';
import type { LlmCallFact, TraceFact } from './extract-facts';

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Call facts merged per trace and span id (a later fact's fields win); a call keeps at most FIELD_LIMITS.toolCallsPerTurn tool calls, as a turn does. */
function mergeCalls(facts: LlmCallFact[]): CallFactRow[] {
  const merged = new Map<string, CallFactRow>();
  for (const fact of facts) {
    const key = `${fact.traceId}:${fact.spanId}`;
    const { toolCalls, ...rest } = fact;
    merged.set(key, { ...merged.get(key), ...defined({ ...rest, toolCalls: toolCalls?.slice(0, FIELD_LIMITS.toolCallsPerTurn) }) } as CallFactRow);
  }
  return [...merged.values()];
}

/** Trace facts merged per trace id; retrieved documents add up without repeats, onto those stored. */
async function mergeTraces(db: Db, facts: TraceFact[]): Promise<TraceFactRow[]> {
  const stored = await retrievedOf(db, [...new Set(facts.filter((f) => f.retrieved).map((f) => f.traceId))]);
  const merged = new Map<string, TraceFactRow>();
  for (const fact of facts) {
    const before = merged.get(fact.traceId);
    const docs = before?.retrieved ?? stored.get(fact.traceId) ?? [];
    // A turn's retrieval context holds at most FIELD_LIMITS.listItems documents: the first found are kept.
    const retrieved = fact.retrieved ? [...docs, ...fact.retrieved.filter((doc) => !docs.includes(doc))].slice(0, FIELD_LIMITS.listItems) : before?.retrieved;
    merged.set(fact.traceId, { ...before, ...defined({ service: fact.service, conversationId: fact.conversationId }), traceId: fact.traceId, ...(retrieved ? { retrieved } : {}) });
  }
  return [...merged.values()];
}

/** Merges the facts of a slice into their rows: a fact sent twice changes nothing. */
export async function storeFacts(db: Db, calls: LlmCallFact[], traces: TraceFact[]): Promise<void> {
  await upsertFacts(db, mergeCalls(calls), await mergeTraces(db, traces));
}
