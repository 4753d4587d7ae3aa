import type { Db } from '../db/db-types';
import { FIELD_LIMITS } from '../domain/conversation-limits';
import { retrievedOf, upsertFacts, type CallFactRow, type TraceFactRow } from '../db/queries/ingest/store-facts';
import { addCounts, type RedactionCounts } from '../pii/kinds';
import { redactionOfServices, type ServiceRedaction } from '../redaction/live-redaction';
import type { LlmCallFact, TraceFact } from './extract-facts';

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The counts of one redacted field; `{}` when nothing was found, so that a stored count of an older text of that field is replaced. */
type FieldCounts = { userRedactions?: RedactionCounts; assistantRedactions?: RedactionCounts; toolRedactions?: RedactionCounts };

/** Call facts merged per trace and span id (a later fact's fields win); a call keeps at most FIELD_LIMITS.toolCallsPerTurn tool calls, as a turn does. */
function mergeCalls(facts: (LlmCallFact & FieldCounts)[]): CallFactRow[] {
  const merged = new Map<string, CallFactRow>();
  for (const fact of facts) {
    const key = `${fact.traceId}:${fact.spanId}`;
    const { toolCalls, ...rest } = fact;
    merged.set(key, { ...merged.get(key), ...defined({ ...rest, toolCalls: toolCalls?.slice(0, FIELD_LIMITS.toolCallsPerTurn) }) } as CallFactRow);
  }
  return [...merged.values()];
}

/**
 * Trace facts merged per trace id; retrieved documents add up without repeats, onto those stored,
 * and so do the redactions made in them (`counts` gives each redacted document's).
 */
async function mergeTraces(db: Db, projectId: string, facts: TraceFact[], counts: Map<string, RedactionCounts>): Promise<TraceFactRow[]> {
  const stored = await retrievedOf(db, projectId, [...new Set(facts.filter((f) => f.retrieved).map((f) => f.traceId))]);
  const merged = new Map<string, TraceFactRow>();
  for (const fact of facts) {
    const before = merged.get(fact.traceId);
    const docs = before?.retrieved ?? stored.get(fact.traceId)?.retrieved ?? [];
    // A turn's retrieval context holds at most FIELD_LIMITS.listItems documents: the first found are kept.
    const added = fact.retrieved ? fact.retrieved.filter((doc) => !docs.includes(doc)).slice(0, Math.max(0, FIELD_LIMITS.listItems - docs.length)) : [];
    const retrieved = fact.retrieved ? [...docs, ...added] : before?.retrieved;
    let retrievedRedactions = before?.retrievedRedactions ?? stored.get(fact.traceId)?.redactions;
    const taken = added.reduce((sum: RedactionCounts | null, doc) => (counts.has(doc) ? addCounts(sum ?? {}, counts.get(doc)) : sum), null);
    if (taken) retrievedRedactions = addCounts({ ...retrievedRedactions }, taken);
    merged.set(fact.traceId, {
      ...before,
      ...defined({ service: fact.service, conversationId: fact.conversationId }),
      traceId: fact.traceId,
      ...(retrieved ? { retrieved } : {}),
      ...(retrievedRedactions ? { retrievedRedactions } : {}),
    });
  }
  return [...merged.values()];
}

/**
 * Takes personal data out of the facts whose service redacts (its live dataset's setting, or
 * TURNWISE_LIVE_REDACT for a service not seen yet) before they are stored: the messages, the tool
 * calls (every string of their arguments and outputs) and the retrieved documents. Ids, the
 * service, the conversation id and labels (model names and versions) are left. The calls gain
 * each field's counts; the counts of each redacted document are returned by its redacted text.
 */
function redactFacts(calls: (LlmCallFact & FieldCounts)[], traces: TraceFact[], of: Map<string, ServiceRedaction | null>): Map<string, RedactionCounts> {
  for (const call of calls) {
    const r = call.service ? of.get(call.service)?.redactor : undefined;
    if (!r) continue;
    if (call.userText !== undefined) call.userText = r.text(call.userText, (call.userRedactions = {}));
    if (call.assistantText !== undefined) call.assistantText = r.text(call.assistantText, (call.assistantRedactions = {}));
    if (call.toolCalls !== undefined) r.json(call.toolCalls, (call.toolRedactions = {}));
  }
  const docCounts = new Map<string, RedactionCounts>();
  for (const trace of traces) {
    const r = trace.service ? of.get(trace.service)?.redactor : undefined;
    if (!r || !trace.retrieved) continue;
    trace.retrieved = trace.retrieved.map((doc) => {
      const counts: RedactionCounts = {};
      const out = r.text(doc, counts);
      if (Object.keys(counts).length) docCounts.set(out, counts);
      return out;
    });
  }
  return docCounts;
}

/**
 * Merges the facts of a slice sent to one project into that project's rows, their personal data
 * redacted first where their service asks for it: a fact sent twice changes nothing. The
 * services whose facts were redacted.
 */
export async function storeFacts(db: Db, projectId: string, calls: LlmCallFact[], traces: TraceFact[], env: Record<string, string | undefined> = process.env): Promise<Set<string>> {
  const services = [...calls, ...traces].map((f) => f.service).filter((s): s is string => !!s);
  const of = await redactionOfServices(db, projectId, services, env);
  const docCounts = redactFacts(calls, traces, of);
  await upsertFacts(db, projectId, mergeCalls(calls), await mergeTraces(db, projectId, traces, docCounts));
  return new Set([...of].filter(([, r]) => r).map(([service]) => service));
}
