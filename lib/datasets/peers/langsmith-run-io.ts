import { isPlainObject } from '../fields';
import { isMessage, messageList, toOpenAiMessage } from './langsmith-messages';

/*
 * The chat messages in a LangSmith run's or example's inputs and outputs, whatever the traced
 * code called them: a `messages` list (or `input` in a chat dataset), one message, a string under
 * a usual name (input, question, query…), a chat model's generations, an OpenAI completion.
 */

const INPUT_TEXT_KEYS = ['input', 'question', 'query', 'prompt', 'message', 'text', 'content', 'user_input'];
const OUTPUT_TEXT_KEYS = ['output', 'answer', 'response', 'result', 'text', 'content', 'generation', 'message'];

type Message = Record<string, unknown>;
/** The messages found, and the key that held them (null: the value itself). */
export interface Found {
  messages: Message[];
  key: string | null;
}

const text = (role: string, content: string): Message => ({ role, content });

function onlyString(obj: Record<string, unknown>): string | undefined {
  const values = Object.values(obj);
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined;
}

/** The messages of a run's or example's inputs; null when it holds none we can tell. */
export function inputMessages(inputs: unknown): Found | null {
  if (typeof inputs === 'string') return { messages: [text('user', inputs)], key: null };
  if (!isPlainObject(inputs)) return null;
  for (const key of ['messages', 'input', 'inputs', 'chat_history']) {
    const list = messageList(inputs[key]);
    if (list) {
      // A chain given its history and a new question: the question comes after the history.
      const question = key === 'chat_history' ? INPUT_TEXT_KEYS.map((k) => inputs[k]).find((v) => typeof v === 'string') : undefined;
      return { messages: [...(list as Message[]), ...(typeof question === 'string' ? [text('user', question)] : [])], key };
    }
  }
  if (isMessage(inputs)) return { messages: [toOpenAiMessage(inputs) as Message], key: null };
  for (const key of INPUT_TEXT_KEYS) {
    const v = inputs[key];
    if (typeof v === 'string') return { messages: [text('user', v)], key };
    if (isMessage(v)) return { messages: [toOpenAiMessage(v) as Message], key };
  }
  const only = onlyString(inputs);
  return only !== undefined ? { messages: [text('user', only)], key: Object.keys(inputs)[0] } : null;
}

/** The reply in a run's or example's outputs (its messages after the last user message); null when it holds none we can tell. */
export function outputMessages(outputs: unknown): Found | null {
  if (typeof outputs === 'string') return { messages: [text('assistant', outputs)], key: null };
  if (!isPlainObject(outputs)) return null;
  for (const key of ['messages', 'output']) {
    const list = messageList(outputs[key]) as Message[] | null;
    if (!list) continue;
    // A graph's state holds the whole conversation: the reply is what follows the last user message.
    const lastUser = list.map((m) => m.role).lastIndexOf('user');
    return { messages: list.slice(lastUser + 1), key };
  }
  if (isMessage(outputs)) return { messages: [toOpenAiMessage(outputs) as Message], key: null };
  const generations = Array.isArray(outputs.generations) ? outputs.generations.flat() : null;
  const generation = generations?.[0];
  if (isPlainObject(generation)) {
    if (isMessage(generation.message)) return { messages: [toOpenAiMessage(generation.message) as Message], key: 'generations' };
    if (typeof generation.text === 'string') return { messages: [text('assistant', generation.text)], key: 'generations' };
  }
  const choice = Array.isArray(outputs.choices) ? outputs.choices[0] : undefined;
  if (isPlainObject(choice) && isMessage(choice.message)) return { messages: [toOpenAiMessage(choice.message) as Message], key: 'choices' };
  for (const key of OUTPUT_TEXT_KEYS) {
    const v = outputs[key];
    if (typeof v === 'string') return { messages: [text('assistant', v)], key };
    if (isMessage(v)) return { messages: [toOpenAiMessage(v) as Message], key };
  }
  const only = onlyString(outputs);
  return only !== undefined ? { messages: [text('assistant', only)], key: Object.keys(outputs)[0] } : null;
}

/** The messages a later turn of a thread adds: its input after the last reply it repeats (traced code often sends the whole history). */
export function newMessages(messages: Message[]): Message[] {
  const lastReply = messages.map((m) => m.role).lastIndexOf('assistant');
  return messages.slice(lastReply + 1).filter((m) => m.role !== 'system' && m.role !== 'developer');
}
