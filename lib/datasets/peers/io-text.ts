import { isPlainObject } from '../fields';

/*
 * Tracing tools (Langfuse, Opik) store a call's input and output as whatever the app passed: a
 * string, an OpenAI message list, `{"messages": […]}`, `{"query": …}`, a completion, or the same
 * as JSON text. These read the chat text a turn needs out of such a value, and say when they
 * found none (the value is then kept as JSON text, and the caller notes it once).
 */

export interface ChatText {
  text: string;
  /** A system message found beside it (an OpenAI message list). */
  system?: string;
  /** No chat text was found: `text` is the value written as JSON. */
  asJson?: boolean;
}

type Side = 'user' | 'assistant';

const USER_KEYS = ['messages', 'input', 'query', 'question', 'prompt', 'user_input', 'userInput', 'user_message', 'message', 'text', 'content', 'inputs'];
const ASSISTANT_KEYS = ['messages', 'output', 'answer', 'response', 'completion', 'result', 'text', 'content', 'message', 'choices', 'generations', 'outputs'];
const USER_ROLES = new Set(['user', 'human', 'humanmessage']);
const ASSISTANT_ROLES = new Set(['assistant', 'ai', 'aimessage', 'bot', 'model']);

/** Deeper than this, a value is not searched for text (a pathological nesting). */
const MAX_DEPTH = 12;

/** A JSON value kept as text. */
export const jsonText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Text that holds JSON (Langfuse's v2 API and its blob export give input and output as JSON text). */
function parsedJsonText(text: string): unknown {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('[') || t.startsWith('"'))) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

/** Text of a message's content: a string, or the text parts of a list of parts. */
export function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts = content
      .map((p) => (typeof p === 'string' ? p : isPlainObject(p) && typeof p.text === 'string' ? p.text : undefined))
      .filter((p): p is string => p !== undefined);
    return parts.length > 0 ? parts.join('\n') : undefined;
  }
  if (isPlainObject(content) && typeof content.text === 'string') return content.text;
  return undefined;
}

/** A message's content as a turn's text: `contentText`'s, else the value as JSON text (nothing: empty). */
export function textOrJson(content: unknown): string {
  if (content === null || content === undefined) return '';
  if (Array.isArray(content)) return contentText(content) ?? '';
  return typeof content === 'string' ? content : jsonText(content);
}

/** A value another tool gave as text or a number (an id, a name, a time), as text; undefined when empty or anything else. */
export const textOf = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/** A tool call a trace recorded (a tool span or run), in deepeval's shape: its input and output parsed where they are JSON text. */
export function toolCallOf(name: string | undefined, input: unknown, output: unknown): Record<string, unknown> {
  const call: Record<string, unknown> = { name: name ?? 'tool' };
  const parameters = jsonValueOf(input);
  if (parameters !== undefined && parameters !== null) call.input_parameters = parameters;
  if (output !== undefined && output !== null) call.output = jsonValueOf(output);
  return call;
}

function roleOf(message: Record<string, unknown>): string | undefined {
  const role = message.role ?? message.type ?? message.from;
  return typeof role === 'string' ? role.toLowerCase() : undefined;
}

const looksLikeMessages = (v: unknown): v is Record<string, unknown>[] =>
  Array.isArray(v) && v.length > 0 && v.every((m) => isPlainObject(m) && roleOf(m) !== undefined && 'content' in m);

/** The last message of `side` in a message list, with the first system message. */
function fromMessages(messages: Record<string, unknown>[], side: Side): ChatText | null {
  const roles = side === 'user' ? USER_ROLES : ASSISTANT_ROLES;
  let system: string | undefined;
  let found: string | undefined;
  for (const m of messages) {
    const role = roleOf(m) ?? '';
    const text = contentText(m.content);
    if ((role === 'system' || role === 'developer') && system === undefined && text !== undefined) system = text;
    if (roles.has(role) && text !== undefined) found = text;
  }
  if (found === undefined) return null;
  return system === undefined ? { text: found } : { text: found, system };
}

function search(value: unknown, side: Side, depth: number): ChatText | null {
  if (depth > MAX_DEPTH || value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const parsed = parsedJsonText(value);
    if (parsed === undefined || typeof parsed === 'string') return { text: typeof parsed === 'string' ? parsed : value };
    return search(parsed, side, depth + 1);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value) };
  if (looksLikeMessages(value)) return fromMessages(value, side);
  if (Array.isArray(value)) {
    // A list of one value (LangChain's batches), or a completion's choices.
    if (value.length === 1) return search(value[0], side, depth + 1);
    return null;
  }
  if (!isPlainObject(value)) return null;
  // One message.
  const role = roleOf(value);
  if (role !== undefined && 'content' in value) {
    const text = contentText(value.content);
    if (text !== undefined) return { text };
  }
  // An OpenAI completion.
  if (Array.isArray(value.choices) && isPlainObject(value.choices[0])) {
    const choice = value.choices[0];
    const found = search(choice.message ?? choice.text, side, depth + 1);
    if (found) return found;
  }
  for (const key of side === 'user' ? USER_KEYS : ASSISTANT_KEYS) {
    if (key in value) {
      const found = search(value[key], side, depth + 1);
      if (found) return found;
    }
  }
  const keys = Object.keys(value);
  if (keys.length === 1) return search(value[keys[0]], side, depth + 1);
  return null;
}

/**
 * The chat text of a traced call's input (`user`: the last user message of a list) or output
 * (`assistant`); null for an absent value. A value with no text we recognise comes back as JSON
 * text with `asJson`.
 */
export function chatTextOf(value: unknown, side: Side): ChatText | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const found = search(value, side, 0);
  if (found) return found;
  const parsed = typeof value === 'string' ? parsedJsonText(value) : value;
  if (parsed === null || (isPlainObject(parsed) && Object.keys(parsed).length === 0)) return null;
  return { text: jsonText(value), asJson: true };
}

/** What a retrieval step returned, as documents: strings, or LangChain / LlamaIndex documents (page_content, text, content). */
export function documentsOf(value: unknown, depth = 0): string[] {
  if (depth > MAX_DEPTH || value === null || value === undefined) return [];
  if (typeof value === 'string') {
    const parsed = parsedJsonText(value);
    if (parsed !== undefined && typeof parsed !== 'string') return documentsOf(parsed, depth + 1);
    return value.trim() === '' ? [] : [value];
  }
  if (Array.isArray(value)) return value.flatMap((item) => documentOf(item, depth + 1));
  if (isPlainObject(value)) {
    for (const key of ['documents', 'docs', 'context', 'contexts', 'retrieval_context', 'nodes', 'results', 'source_nodes', 'output']) {
      if (key in value) return documentsOf(value[key], depth + 1);
    }
    return documentOf(value, depth + 1);
  }
  return [];
}

function documentOf(item: unknown, depth: number): string[] {
  if (typeof item === 'string') return item.trim() === '' ? [] : [item];
  if (!isPlainObject(item) || depth > MAX_DEPTH) return [];
  for (const key of ['page_content', 'pageContent', 'text', 'content', 'document']) {
    const v = item[key];
    if (typeof v === 'string') return [v];
  }
  if (isPlainObject(item.node)) return documentOf(item.node, depth + 1);
  return [jsonText(item)];
}

/** Parses JSON text that a tool's input or output may be; anything else as it is. */
export function jsonValueOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parsed = parsedJsonText(value);
  return parsed === undefined ? value : parsed;
}
