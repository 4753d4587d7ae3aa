import type { Conversation } from '../../domain';
import { type Issues, type Path, isPlainObject } from '../fields';
import { mapOpenAiRecord } from '../map-openai';
import type { RoleValues } from '../roles';

/**
 * A list of chat messages another tool kept ({role, content, tool_calls…}, OpenAI's shape) read
 * as turns, with its system messages as the chatbot's role, by the OpenAI reader; problems found
 * in it are placed at `at` (the field that holds the list: messages inside a text name the text).
 */
export function chatTurns(
  messages: unknown[],
  at: Path,
  issues: Issues,
  roleValues?: RoleValues,
  inText = false,
): Pick<Conversation, 'turns' | 'chatbotRole'> | null {
  const mapped = mapOpenAiRecord({ messages }, roleValues);
  for (const issue of mapped.issues) {
    const [, index, ...rest] = issue.path;
    // A message inside a JSON text has no path of its own in the file: the text is named, and the message's place said.
    if (inText) issues.push({ ...issue, path: at, message: `message ${typeof index === 'number' ? index + 1 : '?'}${rest.length ? ` (${rest.join('.')})` : ''}: ${issue.message}` });
    else issues.push({ ...issue, path: [...at, ...issue.path.slice(1)] });
  }
  if (!mapped.conversation) return null;
  return { turns: mapped.conversation.turns, ...(mapped.conversation.chatbotRole !== undefined ? { chatbotRole: mapped.conversation.chatbotRole } : {}) };
}

/** The messages of a chat-formatted prompt as a tool rendered it (a JSON list of {role, content}); null for a text prompt. */
export function chatMessagesOfText(text: string): Record<string, unknown>[] | null {
  const t = text.trimStart();
  if (!t.startsWith('[')) return null;
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length === 0 || !value.every((m) => isPlainObject(m) && typeof m.role === 'string')) return null;
  return value as Record<string, unknown>[];
}
