import { AppError } from '../../errors';
import type { Conversation } from '../../domain/conversation';
import { parseToolList, type ToolCall } from './schema';

const some = (list: unknown[] | undefined): boolean => (list?.length ?? 0) > 0;

/** The tools the agent could call: the conversation's own available_tools when it names some, else the option's. */
export const availableToolsOf = (c: Conversation, option: readonly unknown[] | undefined): { raw: unknown[]; field: string } =>
  some(c.availableTools) ? { raw: c.availableTools!, field: 'available_tools' } : { raw: [...(option ?? [])], field: 'the availableTools option' };

/**
 * Why tool_use does not apply to a conversation (null: it does). It needs tool calls on its
 * assistant turns (or tools its turns were expected to call) and something to hold them against:
 * available tools (the conversation's or the option's) or expected_tools on its turns.
 */
export function toolUseMissing(c: Conversation, option: readonly unknown[] | undefined): string | null {
  const calls = c.turns.some((t) => t.role === 'assistant' && some(t.toolsCalled));
  const expectedGiven = c.turns.some((t) => t.expectedTools !== undefined);
  const expectedSome = c.turns.some((t) => some(t.expectedTools));
  if (!calls && !expectedSome) return 'tools_called on any assistant turn';
  if (availableToolsOf(c, option).raw.length === 0 && !expectedGiven) return 'available_tools (nor the availableTools option, nor expected_tools on its turns)';
  return null;
}

export interface ConversationTools {
  available: ToolCall[];
  /** Per turn: the tools it called (empty when none). */
  called: ToolCall[][];
  /** Per turn: the tools it was expected to call; undefined when the file does not say. */
  expected: (ToolCall[] | undefined)[];
}

/**
 * Every tool of the conversation read as a ToolCall, or a BAD_INPUT error naming the field and the
 * tool that is malformed; the metric refuses a conversation it does not apply to, naming the field.
 */
export function readConversationTools(c: Conversation, option: readonly unknown[] | undefined): ConversationTools {
  const missing = toolUseMissing(c, option);
  if (missing) throw new AppError('BAD_INPUT', `The conversation has no ${missing}, so this metric does not apply to it.`, { field: missing.split(' ')[0] });
  const { raw, field } = availableToolsOf(c, option);
  return {
    available: parseToolList(raw, field),
    called: c.turns.map((t, i) => (t.toolsCalled === undefined ? [] : parseToolList(t.toolsCalled, `Turn ${i + 1} tools_called`))),
    expected: c.turns.map((t, i) => (t.expectedTools === undefined ? undefined : parseToolList(t.expectedTools, `Turn ${i + 1} expected_tools`))),
  };
}
