import type { ChatMessage } from './types';
import type { JsonSchema } from './strict-json-schema';

/** How a judge asks for JSON: structured outputs, JSON mode, or plain text with the schema in the prompt. */
export type ResponseMode = 'json_schema' | 'json_object' | 'text';
export const RESPONSE_MODES: readonly ResponseMode[] = ['json_schema', 'json_object', 'text'];

/** Marker line in the schema instruction; tests and benchmarks read the schema name back from it. */
export const SCHEMA_NAME_MARKER = 'Schema name:';

export interface FormattedRequest {
  messages: ChatMessage[];
  responseFormat?:
    | { type: 'json_schema'; json_schema: { name: string; schema: JsonSchema; strict: true } }
    | { type: 'json_object' };
}

/**
 * The messages and response_format for one mode. Without structured outputs the schema
 * travels in a system message, since JSON mode only promises valid JSON, not its shape.
 */
export function formatRequest(
  mode: ResponseMode,
  messages: ChatMessage[],
  schemaName: string,
  schema: JsonSchema,
): FormattedRequest {
  if (mode === 'json_schema') {
    return { messages, responseFormat: { type: 'json_schema', json_schema: { name: schemaName, schema, strict: true } } };
  }
  const instruction = [
    'Reply with one JSON object only, no prose and no code fences. It must match this JSON schema.',
    `${SCHEMA_NAME_MARKER} ${schemaName}`,
    JSON.stringify(schema),
  ].join('\n');
  return {
    messages: withSystemInstruction(messages, instruction),
    responseFormat: mode === 'json_object' ? { type: 'json_object' } : undefined,
  };
}

// Many local chat templates accept a single system message, and only in first place.
function withSystemInstruction(messages: ChatMessage[], instruction: string): ChatMessage[] {
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: 'system', content: instruction }, ...messages];
}

/** The follow-up asking the model to fix a reply that failed validation. */
export function repairMessages(raw: string, error: string): ChatMessage[] {
  return [
    { role: 'assistant', content: raw },
    {
      role: 'user',
      content: `Your reply does not match the required JSON schema: ${error}. Reply again with only the corrected JSON object.`,
    },
  ];
}
