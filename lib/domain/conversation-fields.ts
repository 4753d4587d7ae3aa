/*
 * The types a conversation's fields must have where they come from outside (a file, an API body),
 * beside their sizes in conversation-limits.ts. Each check answers the problem in words, or null.
 */

/** "a number", "a list", "an empty string": what was found instead. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return v.trim() === '' ? 'an empty string' : 'a string';
  return `a ${typeof v}`;
}

/**
 * A conversation's describing texts (scenario, expected_outcome, chatbot_role, user_description):
 * text or absent (null). A number or a list there is a mistake in the file, never a role.
 */
export function describingTextIssue(value: unknown): string | null {
  if (value === undefined || value === null || typeof value === 'string') return null;
  return `expected text, found ${describeValue(value)}`;
}

const isName = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '') === 'name';

/**
 * One tool in deepeval's ToolCall shape (tools_called, expected_tools, available_tools): an object
 * with a non-empty `name`. The problem and the part of the tool it is in ([] the tool, ['name']).
 */
export function toolCallIssue(value: unknown): { path: string[]; message: string } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { path: [], message: `expected a tool: an object with a name, found ${describeValue(value)}` };
  }
  const key = Object.keys(value).find(isName);
  const name = key === undefined ? undefined : (value as Record<string, unknown>)[key];
  if (typeof name !== 'string' || name.trim() === '') {
    return { path: [key ?? 'name'], message: `a tool needs a name (text), found ${name === undefined ? 'none' : describeValue(name)}` };
  }
  return null;
}
