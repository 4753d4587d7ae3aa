import type { z } from 'zod';

export type ParsedReply<T> = { ok: true; output: T } | { ok: false; error: string };

/**
 * The JSON value in a model's reply: the whole text, a fenced code block, or the first
 * balanced object/array in prose. Reasoning models' <think> blocks are skipped.
 * Returns undefined when no candidate parses.
 */
export function extractJson(text: string): unknown {
  const cleaned = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  for (const candidate of jsonCandidates(cleaned)) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

function* jsonCandidates(text: string): Generator<string> {
  yield text;
  for (const match of text.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)) yield match[1].trim();
  for (let start = 0; start < text.length; start++) {
    const ch = text[start];
    if (ch !== '{' && ch !== '[') continue;
    const end = balancedEnd(text, start);
    if (end !== -1) yield text.slice(start, end + 1);
  }
}

/** Index of the bracket closing the one at `start`, skipping brackets inside strings; -1 if none. */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** Parses and validates a raw reply; the error text is meant to be shown to the model and to users. */
export function parseReply<T>(raw: string, schema: z.ZodType<T>): ParsedReply<T> {
  const value = extractJson(raw);
  if (value === undefined) {
    return { ok: false, error: raw.trim() === '' ? 'the reply is empty' : 'the reply contains no valid JSON' };
  }
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, output: result.data };
  return { ok: false, error: formatIssues(result.error.issues) };
}

function formatIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * A reply that began as JSON and stops before the JSON closes: a connection or a token
 * limit cut it. Asking again is the fix, not the repair prompt.
 */
export function isCutShort(raw: string, finishReason: string | null): boolean {
  if (finishReason === 'length') return true;
  const text = raw.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const opening = /^(```[a-zA-Z]*\s*)?[[{]/.exec(text);
  // The outer bracket never closes; an inner object may, which is not the reply.
  return opening !== null && balancedEnd(text, opening[0].length - 1) === -1;
}
