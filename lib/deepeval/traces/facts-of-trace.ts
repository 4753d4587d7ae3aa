import { createHash } from 'node:crypto';
import { deepevalToolCall, type DeepevalToolCall } from '../../ingest/deepeval-tool-call';
import type { LlmCallFact, TraceFact } from '../../ingest/extract-facts';
import { MAX_TEXT_CHARS } from '../../ingest/limits';
import type { TraceBody, TraceSpan } from './trace-body';

/** The live dataset deepeval's traces land in: "deepeval", and "/" the trace's environment when it names one. */
export const serviceOfTrace = (environment: string | null | undefined): string => (environment ? `deepeval/${environment}` : 'deepeval');

/** The one call fact a trace makes is its own input and output, not a span's: it takes this span id. */
export const TRACE_TURN_SPAN_ID = 'trace';

/** Labels kept from a trace's metadata (its scalar values), so that an online rule can take its model version from one. */
const MAX_LABELS = 20;

const HEX_UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** The trace id its facts are stored under: deepeval's uuid as the 16-byte hex id OpenTelemetry would give it, else a hash of it. */
export function traceIdOf(uuid: string): string {
  return HEX_UUID.test(uuid) ? uuid.replaceAll('-', '').toLowerCase() : createHash('sha256').update(uuid).digest('hex').slice(0, 32);
}

/** A turn's text: text as sent, anything else (deepeval's default input is the traced function's arguments) as its JSON. */
function turnText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const out = typeof value === 'string' ? value : JSON.stringify(value);
  return out ? out.slice(0, MAX_TEXT_CHARS) : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function spansOf(trace: TraceBody): TraceSpan[] {
  return [trace.baseSpans, trace.agentSpans, trace.llmSpans, trace.retrieverSpans, trace.toolSpans].flatMap((list) => list ?? []);
}

const byStart = (a: TraceSpan, b: TraceSpan) => Date.parse(a.startTime ?? '') - Date.parse(b.startTime ?? '');

/** The trace's tools_called when it lists some, else its tool spans in the order they ran (each a tool called). */
function toolsOf(trace: TraceBody): DeepevalToolCall[] {
  const listed = trace.toolsCalled ?? [];
  const raw = listed.length ? listed : [...(trace.toolSpans ?? [])].sort(byStart).map((s) => ({ name: s.name, inputParameters: isObject(s.input) ? s.input : undefined, output: s.output }));
  return raw.map(deepevalToolCall).filter((t): t is DeepevalToolCall => t !== null);
}

/** The trace's retrieval context, then its spans' (a retriever's), each text once. */
function retrievedOf(trace: TraceBody): string[] {
  const docs = [...(trace.retrievalContext ?? []), ...spansOf(trace).flatMap((s) => s.retrievalContext ?? [])];
  return [...new Set(docs.filter((d) => d.length > 0).map((d) => d.slice(0, MAX_TEXT_CHARS)))];
}

/** The metadata's scalar values (a model version, a prompt version) and the model of its last LLM span. */
function labelsOf(trace: TraceBody): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(trace.metadata ?? {})) {
    if (Object.keys(out).length >= MAX_LABELS) break;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key.slice(0, 200)] = String(value).slice(0, 200);
  }
  const model = [...(trace.llmSpans ?? [])].sort(byStart).findLast((s) => s.model)?.model;
  if (model) out['confident.llm.model'] = model.slice(0, 200);
  return Object.keys(out).length ? out : undefined;
}

/**
 * What a deepeval trace says, as the facts an OpenTelemetry trace of the same turn makes: the
 * trace's input and output are the turn (a call fact in deepeval's shape), its thread id the
 * conversation, its retrieval context and tools attach to the answer.
 */
export function factsOfTrace(trace: TraceBody): { call: LlmCallFact; trace: TraceFact } {
  const traceId = traceIdOf(trace.uuid);
  const service = serviceOfTrace(trace.environment);
  const conversationId = trace.threadId ?? undefined;
  const tools = toolsOf(trace);
  const retrieved = retrievedOf(trace);
  return {
    call: {
      traceId,
      spanId: TRACE_TURN_SPAN_ID,
      service,
      conversationId,
      shape: 'deepeval',
      startedAt: trace.startTime ? new Date(trace.startTime) : undefined,
      userText: turnText(trace.input),
      assistantText: turnText(trace.output),
      toolCalls: tools.length ? tools : undefined,
      labels: labelsOf(trace),
    },
    trace: { traceId, service, conversationId, retrieved: retrieved.length ? retrieved : undefined },
  };
}
