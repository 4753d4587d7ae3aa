import { SCHEMA_NAME_MARKER } from '@/lib/judge/response-format';
import type { ChatCompletionBody, HandlerResult, JudgeServerHandler } from './judge-server';
import { seeded, valueFromSchema, VALUE_STYLES } from './schema-values';

/** The JSON schema a request asks for: response_format's, or the one the schema instruction carries in JSON/text mode. */
export function requestedSchema(body: ChatCompletionBody): unknown {
  const sent = body.response_format?.json_schema?.schema;
  if (sent) return sent;
  for (const message of body.messages) {
    const lines = message.content.split('\n');
    const at = lines.findIndex((l) => l.startsWith(SCHEMA_NAME_MARKER));
    if (at !== -1) return JSON.parse(lines[at + 1]);
  }
  throw new Error('the request names no JSON schema');
}

/**
 * A judge that reads nothing but the schema: every reply is a value that fits the request's
 * JSON schema (as vLLM, llama.cpp or Ollama constrain a model to), in a style that rotates
 * with the request (minimal, duplicate, last, random), so every corner the schema allows is met.
 */
export function answerFromSchema(seed = 1): JudgeServerHandler {
  const random = seeded(seed);
  return (body, { index }) => ({ content: JSON.stringify(valueFromSchema(requestedSchema(body), VALUE_STYLES[index % VALUE_STYLES.length], random)) });
}

/**
 * The fault mix of a busy provider, by request number n (from 1): 429 on every 3rd, 500 on
 * every 7th, and every 5th reply cut short (alternately the connection dropped mid-body and
 * JSON that never closes); the others are answered by `inner`.
 */
export function withFaultMix(inner: JudgeServerHandler): JudgeServerHandler & { faults: Record<'refused' | 'serverError' | 'cut', number> } {
  const faults = { refused: 0, serverError: 0, cut: 0 };
  const handler = async (body: ChatCompletionBody, context: Parameters<JudgeServerHandler>[1]): Promise<HandlerResult> => {
    const n = context.index + 1;
    if (n % 3 === 0) {
      faults.refused++;
      return { status: 429, headers: { 'retry-after-ms': '2' }, body: { error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } } };
    }
    if (n % 7 === 0) {
      faults.serverError++;
      return { status: 500, body: { error: { message: 'internal error', type: 'server_error' } } };
    }
    const answer = await inner(body, context);
    if (n % 5 === 0 && 'content' in answer) {
      faults.cut++;
      return n % 10 === 0 ? { ...answer, cut: true } : { ...answer, content: answer.content.slice(0, Math.ceil(answer.content.length / 2)) };
    }
    return answer;
  };
  return Object.assign(handler, { faults });
}
