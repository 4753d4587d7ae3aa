import { isPlainObject } from '../fields';

/*
 * Chat messages as LangSmith keeps them, in OpenAI's shape for the OpenAI reader: OpenAI's own
 * ({role, content, tool_calls}), LangChain's stored form ({type: "human", data: {content}}, what
 * langsmith's convert_langchain_message writes in chat datasets), LangChain's serialised form
 * ({lc: 1, type: "constructor", id: [..., "HumanMessage"], kwargs: {content}}), and a message's
 * own dump ({type: "ai", content}). LangChain's tool calls ({name, args, id}) become OpenAI's.
 */

const ROLE_OF_TYPE: Record<string, string> = {
  human: 'user',
  user: 'user',
  ai: 'assistant',
  assistant: 'assistant',
  aimessagechunk: 'assistant',
  system: 'system',
  developer: 'system',
  tool: 'tool',
  function: 'function',
};

type Message = Record<string, unknown>;

function toolCalls(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((call) =>
    isPlainObject(call) && !isPlainObject(call.function) && typeof call.name === 'string'
      ? { ...(typeof call.id === 'string' ? { id: call.id } : {}), type: 'function', function: { name: call.name, arguments: call.args ?? call.arguments ?? {} } }
      : call,
  );
}

/** The role and fields of a LangChain message (any of its forms), or null when it is none. */
function langChainParts(m: Message): { type: string; fields: Message } | null {
  if (m.lc !== undefined && Array.isArray(m.id) && isPlainObject(m.kwargs)) {
    const cls = String(m.id[m.id.length - 1] ?? '');
    return { type: cls.replace(/Message(Chunk)?$/, '').toLowerCase(), fields: m.kwargs };
  }
  if (typeof m.type === 'string' && isPlainObject(m.data)) return { type: m.type, fields: m.data };
  if (typeof m.type === 'string' && 'content' in m && m.role === undefined) return { type: m.type, fields: m };
  return null;
}

/** One message in OpenAI's shape; a value that is no message is returned as it is (the OpenAI reader says why). */
export function toOpenAiMessage(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  if (typeof value.role === 'string') return value.tool_calls ? { ...value, tool_calls: toolCalls(value.tool_calls) } : value;
  const parts = langChainParts(value);
  if (!parts) return value;
  const { fields } = parts;
  const role = ROLE_OF_TYPE[parts.type] ?? (parts.type === 'chat' && typeof fields.role === 'string' ? fields.role : parts.type);
  const kwargs = isPlainObject(fields.additional_kwargs) ? fields.additional_kwargs : {};
  const calls = fields.tool_calls ?? kwargs.tool_calls;
  const message: Message = { role, content: fields.content ?? '' };
  if (Array.isArray(calls) && calls.length > 0) message.tool_calls = toolCalls(calls);
  if (typeof fields.tool_call_id === 'string') message.tool_call_id = fields.tool_call_id;
  if (typeof fields.name === 'string' && (role === 'tool' || role === 'function')) message.name = fields.name;
  return message;
}

/** Whether a value is a message in one of the forms above. */
export const isMessage = (value: unknown): boolean => isPlainObject(value) && (typeof value.role === 'string' || langChainParts(value) !== null);

/** A list of messages (a chat model run's inputs nest it once more: [[...]]), in OpenAI's shape; null when it is none. */
export function messageList(value: unknown): unknown[] | null {
  const list = Array.isArray(value) && value.length === 1 && Array.isArray(value[0]) ? value[0] : value;
  if (!Array.isArray(list) || list.length === 0 || !list.every(isMessage)) return null;
  return list.map(toOpenAiMessage);
}
