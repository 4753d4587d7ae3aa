import type { Conversation, Turn } from '../domain';
import { FieldReader, type Issues, type Path, compact, describe, isPlainObject, mergeMetadata, readText } from './fields';
import { readCaseFields } from './case-fields';
import { readConversationToolFields } from './conversation-tools';
import { type MapResult, readId, result, warnIfEmpty } from './mapped';
import { normaliseRole, unknownRoleIssue, type RoleValues } from './roles';

type ToolCall = Record<string, unknown> & { name: string };

/** Text of a message's content: a string, or an array of parts whose text parts are joined. */
function readContent(
  field: { key: string; value: unknown } | undefined,
  path: Path,
  issues: Issues,
): { text: string; otherParts?: unknown[] } {
  const v = field?.value;
  if (v === undefined || v === null) return { text: '' };
  if (!Array.isArray(v)) return { text: readText(field, path, issues) ?? '' };
  const texts: string[] = [];
  const otherParts: unknown[] = [];
  for (const part of v) {
    if (typeof part === 'string') texts.push(part);
    else if (isPlainObject(part) && typeof part.text === 'string') texts.push(part.text);
    else otherParts.push(part);
  }
  if (otherParts.length > 0) {
    const kinds = otherParts.map((p) => (isPlainObject(p) && typeof p.type === 'string' ? p.type : describe(p)));
    issues.push({
      severity: 'warning',
      path: [...path, field!.key],
      message: `non-text parts (${[...new Set(kinds)].join(', ')}) kept in the turn's metadata, not evaluated`,
    });
  }
  return { text: texts.join('\n'), otherParts: otherParts.length > 0 ? otherParts : undefined };
}

function parseArguments(args: unknown): unknown {
  if (typeof args !== 'string') return args;
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}

/** OpenAI `tool_calls` (or the legacy `function_call`) → deepeval-style ToolCall objects. */
function readToolCalls(field: { key: string; value: unknown } | undefined, path: Path, issues: Issues): ToolCall[] {
  if (!field || field.value === undefined || field.value === null) return [];
  const list = Array.isArray(field.value) ? field.value : [field.value];
  const calls: ToolCall[] = [];
  list.forEach((raw, i) => {
    if (!isPlainObject(raw)) {
      issues.push({ severity: 'error', path: [...path, field.key, i], message: `expected a tool call object, found ${describe(raw)}` });
      return;
    }
    const { function: fn, type, name, arguments: args, ...rest } = raw;
    const source = isPlainObject(fn) ? fn : { name, arguments: args };
    const call: ToolCall = {
      ...rest,
      name: typeof source.name === 'string' ? source.name : 'unknown',
      input_parameters: parseArguments(source.arguments),
    };
    if (type !== undefined && type !== 'function') call.type = type;
    calls.push(compact(call));
  });
  return calls;
}

/**
 * One `{"messages": [...]}` record (OpenAI chat / fine-tuning JSONL) → a conversation. System messages
 * become the chatbotRole unless the record names a chatbot_role; the record's scenario, expected
 * outcome and the other case fields are read as deepeval's are; tool calls and tool results land
 * in the assistant turn's toolsCalled.
 */
export function mapOpenAiRecord(record: unknown, roleValues?: RoleValues): MapResult {
  const issues: Issues = [];
  if (!isPlainObject(record)) {
    issues.push({ severity: 'error', path: [], message: `expected an object with messages, found ${describe(record)}` });
    return { conversation: null, issues };
  }
  const r = new FieldReader(record);
  const messagesField = r.take('messages');
  const conversation: Conversation = { turns: [] };
  conversation.externalId = readId(r, issues);
  const fields = readCaseFields(r, issues);
  Object.assign(conversation, readConversationToolFields(r, issues, { openAiTools: true }));
  if (!messagesField || !Array.isArray(messagesField.value)) {
    issues.push({
      severity: 'error',
      path: [messagesField?.key ?? 'messages'],
      message: `expected messages: a list of {role, content}, found ${messagesField ? describe(messagesField.value) : 'nothing'}`,
    });
    return { conversation: null, issues };
  }

  const system: string[] = [];
  const lateSystem: { beforeTurn: number; content: string }[] = [];
  const callsById = new Map<string, ToolCall>();
  let pending: ToolCall[] = [];
  const turns: Turn[] = [];
  const flushPending = (path: Path) => {
    if (pending.length === 0) return;
    issues.push({ severity: 'warning', path, message: 'tool calls with no assistant reply after them: kept on an empty assistant turn' });
    turns.push({ role: 'assistant', content: '', toolsCalled: pending });
    pending = [];
  };

  messagesField.value.forEach((message, j) => {
    const path: Path = [messagesField.key, j];
    if (!isPlainObject(message)) {
      issues.push({ severity: 'error', path, message: `expected a message object, found ${describe(message)}` });
      return;
    }
    const m = new FieldReader(message);
    const roleField = m.take('role');
    if (!roleField) {
      issues.push({ severity: 'error', path: [...path, 'role'], message: 'missing role' });
      return;
    }
    const roleName = typeof roleField.value === 'string' ? roleField.value.trim().toLowerCase() : '';
    const contentField = m.take('content');
    const { text, otherParts } = readContent(contentField, path, issues);

    if (roleName === 'system' || roleName === 'developer') {
      system.push(text);
      if (turns.length > 0) lateSystem.push({ beforeTurn: turns.length, content: text });
      return;
    }
    if (roleName === 'tool' || roleName === 'function') {
      const id = readText(m.take('tool_call_id'), path, issues);
      const name = readText(m.take('name'), path, issues);
      const call = id !== undefined ? callsById.get(id) : [...pending].reverse().find((c) => c.name === name);
      const extra = mergeMetadata(m.rest());
      if (call) Object.assign(call, { output: text }, extra ? { metadata: extra } : {});
      else {
        issues.push({ severity: 'warning', path, message: 'tool result with no matching tool call: kept as a call of its own' });
        pending.push(compact({ id, name: name ?? 'unknown', output: text, metadata: extra }));
      }
      return;
    }
    const role = normaliseRole(roleField.value, roleValues);
    if (!role) {
      issues.push(unknownRoleIssue([...path, roleField.key], roleField.value));
      return;
    }
    const calls = role === 'assistant' ? readToolCalls(m.take('tool_calls', 'function_call'), path, issues) : [];
    for (const c of calls) if (typeof c.id === 'string') callsById.set(c.id, c);
    if (role === 'assistant' && calls.length > 0 && text.trim() === '' && !otherParts) {
      pending.push(...calls); // the reply that uses these results comes in a later message
      return;
    }
    if (role === 'user') flushPending(path);
    const turn: Turn = { role, content: text };
    if (role === 'assistant' && (pending.length > 0 || calls.length > 0)) {
      turn.toolsCalled = [...pending, ...calls];
      pending = [];
    }
    warnIfEmpty(text, [...path, contentField?.key ?? 'content'], issues);
    const metadata = mergeMetadata(otherParts ? { contentParts: otherParts } : undefined, m.rest());
    if (metadata) turn.metadata = metadata;
    turns.push(turn);
  });
  flushPending([messagesField.key, messagesField.value.length - 1]);

  conversation.turns = turns;
  // A chatbot_role the record names wins; its system messages are then kept as they were sent.
  Object.assign(conversation, fields, { chatbotRole: fields.chatbotRole ?? (system.length > 0 ? system.join('\n\n') : undefined) });
  const keptSystem = fields.chatbotRole !== undefined && system.length > 0 ? { system: system.join('\n\n') } : undefined;
  conversation.metadata = mergeMetadata(keptSystem, lateSystem.length > 0 ? { systemMessages: lateSystem } : undefined, r.rest());
  return result(compact(conversation), issues);
}
