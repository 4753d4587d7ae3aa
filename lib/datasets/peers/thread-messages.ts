import { describe, isPlainObject } from '../fields';
import type { MapResult } from '../mapped';
import { orderValueOf } from './order';

/** How chat messages with a thread key are grouped into conversations and ordered in them. */
export interface ThreadOptions {
  /** The field that groups messages (a dotted path reaches inside: metadata.session_id); else the first of THREAD_KEYS found. */
  threadKey?: string;
  /** The field that orders a conversation's messages; else the first of ORDER_KEYS found, else file order. */
  orderBy?: string;
}

/** Fields that name a message's conversation, looked for in this order (at the top, then in metadata). */
export const THREAD_KEYS = ['thread_id', 'session_id', 'conversation_id', 'threadId', 'sessionId', 'conversationId', 'chat_id', 'chatId'] as const;
/** Fields that order messages, looked for in this order. */
export const ORDER_KEYS = ['timestamp', 'created_at', 'createdAt', 'time', 'ts', 'turn_index', 'turnIndex', 'index', 'position', 'seq'] as const;

/** The thread key a message names: the one given, else the first usual one present (top level, then metadata). */
export function threadKeyOf(record: Record<string, unknown>, given?: string): string | undefined {
  if (given) return given;
  for (const key of THREAD_KEYS) if (record[key] !== undefined && record[key] !== null) return key;
  const metadata = record.metadata;
  if (isPlainObject(metadata)) for (const key of THREAD_KEYS) if (metadata[key] !== undefined && metadata[key] !== null) return `metadata.${key}`;
  return undefined;
}

export function orderKeyOf(record: Record<string, unknown>, given?: string): string | undefined {
  if (given) return given;
  return ORDER_KEYS.find((key) => record[key] !== undefined && record[key] !== null);
}

const THREAD_KEY_HELP = `name the field that groups messages into conversations (usual ones: ${THREAD_KEYS.join(', ')})`;

/**
 * One line of a chat log: a message (`{role, content, …}`, OpenAI's shape, tool calls included)
 * with the id of its conversation. Messages are gathered by that id and ordered by the order field
 * (a time or an index); each message's other fields stay in its turn's metadata.
 */
export function mapThreadMessage(record: unknown, options: ThreadOptions): MapResult {
  if (!isPlainObject(record)) return { conversation: null, issues: [{ severity: 'error', path: [], message: `expected a chat message object, found ${describe(record)}` }] };
  const keyField = threadKeyOf(record, options.threadKey);
  if (!keyField) return { conversation: null, issues: [{ severity: 'error', path: [], message: `no thread key in this message: ${THREAD_KEY_HELP}` }] };
  const key = valueAtPath(record, keyField);
  if (typeof key !== 'string' && typeof key !== 'number') {
    const found = key === undefined ? 'nothing' : describe(key);
    return { conversation: null, issues: [{ severity: 'error', path: keyField.split('.'), message: `expected the conversation's id (text or a number), found ${found}: ${THREAD_KEY_HELP}` }] };
  }
  const orderField = orderKeyOf(record, options.orderBy);
  const orderRaw = orderField ? valueAtPath(record, orderField) : undefined;
  const order = orderValueOf(orderRaw);
  const issues: MapResult['issues'] = [];
  if (orderField && options.orderBy && orderRaw !== undefined && order === undefined) {
    issues.push({ severity: 'error', path: orderField.split('.'), message: `expected a time or a number to order messages by, found ${describe(orderRaw)}` });
  }
  return { conversation: null, issues, pieces: [{ kind: 'message', thread: String(key), order, message: record }] };
}

/** `metadata.session_id` → the value at that path of a record; undefined when a step is missing. */
export function valueAtPath(record: Record<string, unknown>, path: string): unknown {
  if (path in record) return record[path];
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
