import { describeValue, describingTextIssue, toolCallIssue } from '../domain/conversation-fields';
import type { Severity } from './types';

export type Path = (string | number)[];

/** A problem found while mapping one record, located by its path inside the record. */
export interface Issue {
  severity: Severity;
  path: Path;
  message: string;
  /** A role value no name or mapping covers: the import page offers to map it. */
  unknownRole?: string;
}

export type Issues = Issue[];

export const formatPath = (path: Path): string =>
  path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');

/** snake_case, camelCase and spaced names all meet: `retrieval_context` = `retrievalContext`. */
export const normKey = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, '');

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const describe = describeValue;

/**
 * Reads an object's fields by normalised name and remembers which were read, so that every field
 * nobody asked for can be kept as metadata rather than dropped.
 */
export class FieldReader {
  private readonly byNorm = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(readonly obj: Record<string, unknown>) {
    for (const key of Object.keys(obj)) {
      const n = normKey(key);
      if (!this.byNorm.has(n)) this.byNorm.set(n, key);
    }
  }

  /** The original key of the first name present (names are compared normalised). */
  key(...names: string[]): string | undefined {
    for (const name of names) {
      const key = this.byNorm.get(normKey(name));
      if (key !== undefined) return key;
    }
    return undefined;
  }

  has(...names: string[]): boolean {
    return this.key(...names) !== undefined;
  }

  /** Reads a field (marking it used); `key` is what the file calls it, for problem paths. */
  take(...names: string[]): { key: string; value: unknown } | undefined {
    const key = this.key(...names);
    if (key === undefined) return undefined;
    this.used.add(key);
    return { key, value: this.obj[key] };
  }

  /** Fields never read, or undefined when there are none. */
  rest(): Record<string, unknown> | undefined {
    let out: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(this.obj)) {
      if (this.used.has(key)) continue;
      (out ??= {})[key] = value;
    }
    return out;
  }
}

/** Text field: strings as they are, numbers and booleans as text, null as absent. */
export function readText(
  field: { key: string; value: unknown } | undefined,
  base: Path,
  issues: Issues,
): string | undefined {
  if (!field || field.value === undefined || field.value === null) return undefined;
  const v = field.value;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  issues.push({ severity: 'error', path: [...base, field.key], message: `expected text, found ${describe(v)}` });
  return undefined;
}

/** A conversation's describing text (scenario, chatbot_role…): text only; a number or a list there is refused. */
export function readDescribingText(
  field: { key: string; value: unknown } | undefined,
  base: Path,
  issues: Issues,
): string | undefined {
  if (!field) return undefined;
  const problem = describingTextIssue(field.value);
  if (problem) {
    issues.push({ severity: 'error', path: [...base, field.key], message: problem });
    return undefined;
  }
  return (field.value as string | null | undefined) ?? undefined;
}

/**
 * A cell or string standing for a list: a JSON array of strings, or items separated by `|`.
 * An empty string is no list at all.
 */
export function splitListText(text: string): string[] | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (t.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(t);
      if (Array.isArray(parsed) && parsed.every((x) => typeof x === 'string')) return parsed as string[];
    } catch {
      // not JSON: an item that happens to start with '[' — fall through to '|' splitting
    }
  }
  return t.split('|').map((s) => s.trim());
}

/** List-of-text field: an array of strings, or a `|`-separated string (JSONL and CSV). */
export function readTextList(
  field: { key: string; value: unknown } | undefined,
  base: Path,
  issues: Issues,
): string[] | undefined {
  if (!field || field.value === undefined || field.value === null) return undefined;
  const v = field.value;
  const path = [...base, field.key];
  if (typeof v === 'string') return splitListText(v);
  if (!Array.isArray(v)) {
    issues.push({ severity: 'error', path, message: `expected a list of text, found ${describe(v)}` });
    return undefined;
  }
  const out: string[] = [];
  v.forEach((item, i) => {
    if (typeof item === 'string') out.push(item);
    else if (typeof item === 'number' || typeof item === 'boolean') out.push(String(item));
    else issues.push({ severity: 'error', path: [...path, i], message: `expected text, found ${describe(item)}` });
  });
  return out;
}

/** A list of anything (tool calls); a string must hold a JSON array. */
export function readList(
  field: { key: string; value: unknown } | undefined,
  base: Path,
  issues: Issues,
): unknown[] | undefined {
  if (!field || field.value === undefined || field.value === null) return undefined;
  const path = [...base, field.key];
  let v = field.value;
  if (typeof v === 'string') {
    if (v.trim() === '') return undefined;
    try {
      v = JSON.parse(v);
    } catch {
      issues.push({ severity: 'error', path, message: 'expected a JSON list, found text that is not JSON' });
      return undefined;
    }
  }
  if (Array.isArray(v)) return v;
  if (isPlainObject(v)) return [v];
  issues.push({ severity: 'error', path, message: `expected a list, found ${describe(v)}` });
  return undefined;
}

/**
 * A list of tools in deepeval's ToolCall shape (tools_called, available_tools, expected_tools): each an object
 * with a `name`; a string must hold a JSON array. The objects are kept as the file gives them.
 */
export function readToolList(
  field: { key: string; value: unknown } | undefined,
  base: Path,
  issues: Issues,
): Record<string, unknown>[] | undefined {
  const before = issues.length;
  const list = readList(field, base, issues);
  if (!list || !field) return undefined;
  if (issues.length > before) return undefined;
  const path = [...base, field.key];
  let bad = false;
  list.forEach((item, i) => {
    const problem = toolCallIssue(item);
    if (problem) {
      issues.push({ severity: 'error', path: [...path, i, ...problem.path], message: problem.message });
      bad = true;
    }
  });
  return bad ? undefined : (list as Record<string, unknown>[]);
}

/** Topics a chatbot should keep to (relevant_topics): a list of text, or a `|`-separated string. */
export function readTopicList(
  field: { key: string; value: unknown } | undefined,
  base: Path,
  issues: Issues,
): string[] | undefined {
  if (!field || field.value === undefined || field.value === null) return undefined;
  const path = [...base, field.key];
  const v = field.value;
  if (typeof v !== 'string' && !Array.isArray(v)) {
    issues.push({ severity: 'error', path, message: `expected a list of topics (text), found ${describe(v)}` });
    return undefined;
  }
  const items = typeof v === 'string' ? (splitListText(v) ?? []) : v;
  const out: string[] = [];
  items.forEach((item, i) => {
    if (typeof item === 'string' && item.trim() !== '') out.push(item.trim());
    else issues.push({ severity: 'error', path: [...path, i], message: `expected a topic (non-empty text), found ${describe(item)}` });
  });
  return out.length ? out : undefined;
}

/** An object field (additional_metadata); a string must hold a JSON object, else it is kept as text. */
export function readObject(
  field: { key: string; value: unknown } | undefined,
): Record<string, unknown> | undefined {
  if (!field || field.value === undefined || field.value === null) return undefined;
  let v = field.value;
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      v = JSON.parse(v);
    } catch {
      // kept as text below
    }
  }
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return isPlainObject(v) ? v : { [field.key]: v };
}

/** Merges metadata pieces; undefined when all are empty. */
export function mergeMetadata(
  ...parts: (Record<string, unknown> | undefined)[]
): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const part of parts) if (part && Object.keys(part).length > 0) out = { ...(out ?? {}), ...part };
  return out;
}

/** Drops undefined properties so results compare and serialise cleanly. */
export function compact<T extends object>(obj: T): T {
  for (const key of Object.keys(obj) as (keyof T)[]) if (obj[key] === undefined) delete obj[key];
  return obj;
}
