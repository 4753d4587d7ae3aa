import { FieldReader, isPlainObject } from './fields';
import { isThreadMessage, peerShape } from './peers/peer-shape';
import type { Container, FormatId, Shape } from './types';

export const containerOf = (format: FormatId): Container =>
  format.endsWith('-jsonl') ? 'jsonl' : format.endsWith('-csv') ? 'csv' : 'json';

export const shapeOf = (format: FormatId): Shape => format.split('-')[0] as Shape;

export function formatFor(shape: Shape, container: Container): FormatId {
  if (container === 'csv') return shape === 'long' ? 'long-csv' : shape === 'langfuse' ? 'langfuse-csv' : 'deepeval-csv';
  const base = shape === 'long' ? 'deepeval' : shape;
  return `${base}-${container}` as FormatId;
}

const firstItem = (v: unknown): unknown => (Array.isArray(v) ? v[0] : undefined);

export const isShareGptMessage = (v: unknown): boolean => isPlainObject(v) && new FieldReader(v).has('from', 'value');

/** Which mapper a record needs, judged by its keys; null if it looks like none. */
export function recordShape(record: unknown): Shape | null {
  if (!isPlainObject(record)) return null;
  const peer = peerShape(record);
  if (peer) return peer;
  const r = new FieldReader(record);
  const messages = record[r.key('messages') ?? ''];
  if (Array.isArray(messages)) {
    const first = firstItem(messages);
    return isPlainObject(first) && new FieldReader(first).has('input', 'actual_output') ? 'deepeval' : 'openai';
  }
  const conversations = record[r.key('conversations', 'conversation') ?? ''];
  if (Array.isArray(conversations) && isShareGptMessage(conversations[0])) return 'sharegpt';
  if (r.has('turns')) return 'deepeval';
  if (r.has('input') && r.has('output') && !r.has('actual_output', 'turns')) return 'mastra';
  if (r.has('input', 'actual_output', 'expected_output')) return 'deepeval';
  // a conversational golden cut short before its turns (detection reads only the start of a file)
  if (r.has('scenario', 'expected_outcome', 'chatbot_role', 'user_description', 'relevant_topics', 'available_tools')) return 'deepeval';
  if (isThreadMessage(record)) return 'thread';
  return null;
}

/** Keys of an object whose list holds the records: deepeval's, and `data` of a page of an API (Langfuse's `{data, meta}`). */
export const WRAPPER_KEYS = ['goldens', 'test_cases', 'conversations', 'data'] as const;

/** promptfoo's output file (OutputFile: evalId, results: {version, timestamp, prompts, results: […], stats}, config…). */
export const PROMPTFOO_RECORDS = ['results', 'results'] as const;

/** Whether a JSON object is promptfoo's output file, from its start (the list of results may be cut off). */
export function isPromptfooOutput(value: unknown): value is { results: { results: unknown[] } } {
  if (!isPlainObject(value) || !('evalId' in value) || !isPlainObject(value.results)) return false;
  return Array.isArray(value.results.results) || 'version' in value.results;
}

/**
 * Where the records of a parsed JSON document are: the array itself, a list under a wrapper key
 * (`goldens`, `test_cases`, `conversations`), or the object as one record. A ShareGPT item's own
 * `conversations` holds messages, not records.
 */
export function locateRecords(
  value: unknown,
): { records: unknown[]; prefix: (string | number)[]; rest?: Record<string, unknown> } | null {
  if (Array.isArray(value)) return { records: value, prefix: [] };
  if (!isPlainObject(value)) return null;
  if (isPromptfooOutput(value)) {
    const { results, ...rest } = value;
    const { results: records, ...summary } = results;
    return { records: Array.isArray(records) ? records : [], prefix: [...PROMPTFOO_RECORDS], rest: { ...rest, results: summary } };
  }
  const r = new FieldReader(value);
  const key = r.key(...WRAPPER_KEYS);
  if (key !== undefined && Array.isArray(value[key]) && !isShareGptMessage((value[key] as unknown[])[0])) {
    r.take(key);
    return { records: value[key] as unknown[], prefix: [key], rest: r.rest() };
  }
  if (recordShape(value)) return { records: [value], prefix: [] };
  return null;
}
