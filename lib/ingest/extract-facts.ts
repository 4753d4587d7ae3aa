import { deepevalToolCall, type DeepevalToolCall } from './deepeval-tool-call';
import { MAX_TEXT_CHARS } from './limits';
import type { Attributes, AttrValue, NormalLog, NormalSpan } from './normalize';

/** 'deepeval': a trace's own input and output as deepeval sets them (its REST traces, confident.trace.* on its OpenTelemetry spans). */
export type TraceShape = 'otel-genai' | 'openinference' | 'traceloop' | 'deepeval';

/** What one span or log record says about one LLM call; absent fields are unknown, not empty. */
export interface LlmCallFact {
  traceId: string;
  spanId: string;
  service?: string;
  conversationId?: string;
  shape?: TraceShape;
  startedAt?: Date;
  userText?: string;
  assistantText?: string;
  toolCalls?: ({ name: string; arguments?: string } | DeepevalToolCall)[];
  /** Attributes kept as labels (a model version), by key. */
  labels?: Record<string, string>;
  /** gen_ai.response.id (OpenInference has none). */
  responseId?: string;
}

/** Attributes always kept as labels of an LLM call; online rules may name others. */
export const DEFAULT_LABEL_KEYS = ['service.version', 'gen_ai.request.model', 'gen_ai.response.model', 'llm.model_name', 'confident.llm.model'];

/**
 * The values of `keys`, and of every attribute whose key names a version (so that a rule made
 * later still finds its label), on the span, else on its resource (strings and numbers only).
 */
function labelsOf(span: NormalSpan, keys: readonly string[]): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  const wanted = new Set(keys);
  for (const attributes of [span.resource, span.attributes]) {
    for (const [key, value] of Object.entries(attributes)) {
      if (!wanted.has(key) && !/version/i.test(key)) continue;
      if (typeof value === 'string' && value) out[key] = value.slice(0, 200);
      else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    }
  }
  return Object.keys(out).length ? out : undefined;
}

/** What a span says about its whole trace. */
export interface TraceFact {
  traceId: string;
  service?: string;
  conversationId?: string;
  retrieved?: string[];
}

const text = (value: AttrValue | undefined): string | undefined => (typeof value === 'string' && value.length > 0 ? value.slice(0, MAX_TEXT_CHARS) : undefined);

/**
 * service.name, and "/" deployment.environment(.name) when set, else deepeval's
 * confident.trace.environment (on the resource, else on the span: its integrations put it on every span).
 */
export function serviceOf(resource: Attributes, attributes: Attributes = {}): string {
  const name = text(resource['service.name']) ?? 'unknown_service';
  const env =
    text(resource['deployment.environment.name']) ??
    text(resource['deployment.environment']) ??
    text(resource['confident.trace.environment']) ??
    text(attributes['confident.trace.environment']);
  return (env ? `${name}/${env}` : name).slice(0, 200);
}

/**
 * The conversation a span names. Precedence: TURNWISE_OTLP_CONVERSATION_KEY (the user's own key),
 * then gen_ai.conversation.id, then deepeval's thread id, then OpenInference's session.id, then
 * Traceloop's association properties.
 */
export function conversationIdOf(attributes: Attributes, userKey?: string): string | undefined {
  const keys = [userKey, 'gen_ai.conversation.id', 'confident.trace.thread_id', 'session.id', 'traceloop.association.properties.conversation_id', 'traceloop.association.properties.session_id'];
  for (const key of keys) {
    if (!key) continue;
    const value = attributes[key];
    if (typeof value === 'string' && value) return value.slice(0, 200);
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

function parseJson(value: AttrValue | undefined): unknown {
  if (typeof value !== 'string' || value.length > MAX_TEXT_CHARS * 4) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The text parts of one GenAI-semconv message ({ role, parts: [{ type: 'text', content }] }). */
function genAiText(message: unknown): string | undefined {
  const m = message as { parts?: { type?: string; content?: unknown }[]; content?: unknown };
  if (typeof m?.content === 'string') return m.content;
  const parts = Array.isArray(m?.parts) ? m.parts.filter((p) => p?.type === 'text' && typeof p.content === 'string').map((p) => p.content as string) : [];
  return parts.length ? parts.join('\n') : undefined;
}

function lastUserOfGenAi(messages: unknown): string | undefined {
  if (!Array.isArray(messages)) return undefined;
  const users = messages.filter((m) => (m as { role?: string })?.role === 'user');
  return users.length ? genAiText(users[users.length - 1]) : undefined;
}

/** `prefix.N.suffix` attributes as a list by N. */
function indexed(attributes: Attributes, prefix: string, suffix: string): (AttrValue | undefined)[] {
  const out: (AttrValue | undefined)[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (!key.startsWith(prefix) || !key.endsWith(suffix)) continue;
    const middle = key.slice(prefix.length, key.length - suffix.length);
    if (!/^\d{1,4}$/.test(middle)) continue;
    out[Number(middle)] = value;
  }
  return out;
}

function lastUserOfIndexed(attributes: Attributes, prefix: string, roleSuffix: string, contentSuffix: string): string | undefined {
  const roles = indexed(attributes, prefix, roleSuffix);
  const contents = indexed(attributes, prefix, contentSuffix);
  for (let i = roles.length - 1; i >= 0; i -= 1) if (roles[i] === 'user') return text(contents[i]);
  return undefined;
}

// Traceloop 0.27 writes the GenAI semconv attributes (read as otel-genai); older Traceloop the indexed gen_ai.prompt.N.*.
function llmShape(a: Attributes): TraceShape | null {
  if (a['confident.trace.input'] !== undefined || a['confident.trace.output'] !== undefined) return 'deepeval';
  if (a['openinference.span.kind'] === 'LLM') return 'openinference';
  if (a['gen_ai.input.messages'] !== undefined || a['gen_ai.output.messages'] !== undefined) return 'otel-genai';
  if (a['gen_ai.prompt.0.role'] !== undefined) return 'traceloop';
  const op = a['gen_ai.operation.name'];
  if (op === 'chat' || op === 'text_completion' || op === 'generate_content') return 'otel-genai';
  return null;
}

/** The texts of a list attribute (deepeval writes its retrieval context as a list of strings). */
const textsOf = (value: AttrValue | undefined): string[] => (Array.isArray(value) ? value.map((v) => text(v ?? undefined)).filter((d): d is string => !!d) : []);

function semconvRetrievedOf(a: Attributes): string[] {
  if (a['openinference.span.kind'] === 'RETRIEVER') return indexed(a, 'retrieval.documents.', '.document.content').map(text).filter((d): d is string => !!d);
  const docs = parseJson(a['gen_ai.retrieval.documents']);
  if (!Array.isArray(docs)) return [];
  return docs
    .map((d) => (typeof d === 'string' ? d : typeof d?.content === 'string' ? d.content : undefined))
    .filter((d): d is string => !!d)
    .map((d) => d.slice(0, MAX_TEXT_CHARS));
}

function retrievedOf(a: Attributes): string[] | undefined {
  const docs = new Set([...semconvRetrievedOf(a), ...textsOf(a['confident.trace.retrieval_context']), ...textsOf(a['confident.span.retrieval_context'])]);
  return docs.size ? [...docs] : undefined;
}

/** deepeval's tools_called attribute: each tool a ToolCall as JSON text; one that does not read as a tool is left out, as deepeval's exporter does. */
function deepevalToolsOf(value: AttrValue | undefined): DeepevalToolCall[] {
  const out: DeepevalToolCall[] = [];
  for (const item of Array.isArray(value) ? value : []) {
    const tool = deepevalToolCall(parseJson(item ?? undefined));
    if (tool) out.push(tool);
  }
  return out;
}

/** Facts of one span: a trace fact when it names a conversation or retrieved documents; an LLM call fact for an LLM span. */
export function factsOfSpan(span: NormalSpan, userKey?: string, labelKeys: readonly string[] = DEFAULT_LABEL_KEYS): { call?: LlmCallFact; trace?: TraceFact } {
  const a = span.attributes;
  const service = serviceOf(span.resource, a);
  const conversationId = conversationIdOf(a, userKey);
  const retrieved = retrievedOf(a);
  const trace = conversationId || retrieved ? { traceId: span.traceId, service, conversationId, retrieved } : undefined;
  const shape = llmShape(a);
  if (!shape) return { trace };
  const call: LlmCallFact = {
    traceId: span.traceId,
    spanId: span.spanId,
    service,
    conversationId,
    shape,
    startedAt: new Date(span.startMs),
    responseId: text(a['gen_ai.response.id'])?.slice(0, 200),
    labels: labelsOf(span, labelKeys),
  };
  if (shape === 'deepeval') {
    call.userText = text(a['confident.trace.input']);
    call.assistantText = text(a['confident.trace.output']);
    const tools = deepevalToolsOf(a['confident.trace.tools_called']);
    if (tools.length) call.toolCalls = tools;
  } else if (shape === 'otel-genai') {
    call.userText = lastUserOfGenAi(parseJson(a['gen_ai.input.messages']));
    const output = parseJson(a['gen_ai.output.messages']);
    if (Array.isArray(output) && output.length) call.assistantText = genAiText(output[0]);
  } else if (shape === 'openinference') {
    call.userText = lastUserOfIndexed(a, 'llm.input_messages.', '.message.role', '.message.content');
    call.assistantText = text(a['llm.output_messages.0.message.content']);
    const names = indexed(a, 'llm.output_messages.0.message.tool_calls.', '.tool_call.function.name');
    const args = indexed(a, 'llm.output_messages.0.message.tool_calls.', '.tool_call.function.arguments');
    const tools = names.flatMap((name, i) => (typeof name === 'string' ? [{ name, arguments: text(args[i]) }] : []));
    if (tools.length) call.toolCalls = tools;
  } else {
    call.userText = lastUserOfIndexed(a, 'gen_ai.prompt.', '.role', '.content');
    call.assistantText = text(a['gen_ai.completion.0.content']);
    const tool = text(a['gen_ai.completion.0.tool_calls.0.name']);
    if (tool) call.toolCalls = [{ name: tool, arguments: text(a['gen_ai.completion.0.tool_calls.0.arguments']) }];
  }
  return { call, trace };
}

/**
 * Facts of the GenAI event log records of one batch (@opentelemetry/instrumentation-openai puts
 * message content there, tied to the chat span): the last user message and the first choice.
 */
export function factsOfLogs(logs: NormalLog[]): LlmCallFact[] {
  const byCall = new Map<string, LlmCallFact>();
  for (const log of logs) {
    if (!log.eventName?.startsWith('gen_ai.')) continue;
    const key = `${log.traceId}:${log.spanId}`;
    const fact = byCall.get(key) ?? { traceId: log.traceId, spanId: log.spanId, service: serviceOf(log.resource), shape: 'otel-genai' as const };
    byCall.set(key, fact);
    const body = log.body && typeof log.body === 'object' && !Array.isArray(log.body) ? log.body : {};
    if (log.eventName === 'gen_ai.user.message') {
      fact.userText = text(body.content) ?? fact.userText;
    } else if (log.eventName === 'gen_ai.choice' && (body.index === undefined || body.index === 0)) {
      const message = body.message && typeof body.message === 'object' && !Array.isArray(body.message) ? body.message : {};
      fact.assistantText = text(message.content) ?? fact.assistantText;
      const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
      const tools = calls.flatMap((c) => {
        const fn = c && typeof c === 'object' && !Array.isArray(c) ? c.function : undefined;
        const name = fn && typeof fn === 'object' && !Array.isArray(fn) ? text(fn.name) : undefined;
        return name && fn && typeof fn === 'object' && !Array.isArray(fn) ? [{ name, arguments: text(fn.arguments) }] : [];
      });
      if (tools.length) fact.toolCalls = tools;
    }
  }
  return [...byCall.values()];
}
