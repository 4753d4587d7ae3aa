import { MAX_TEXT_CHARS } from './limits';

/** deepeval's ToolCall (deepeval/test_case/llm_test_case.py) in the spelling Turnwise's tool metrics read. */
export interface DeepevalToolCall {
  name: string;
  description?: string;
  reasoning?: string;
  input_parameters?: Record<string, unknown>;
  output?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const cut = (value: unknown): string | undefined => (typeof value === 'string' && value ? value.slice(0, MAX_TEXT_CHARS) : undefined);

/**
 * One tool deepeval sent (its arguments as `inputParameters` from Python, `input_parameters` in
 * files), or null when it has no name: a tool is kept as deepeval wrote it, without its `type`.
 */
export function deepevalToolCall(value: unknown): DeepevalToolCall | null {
  if (!isObject(value)) return null;
  const name = cut(value.name)?.slice(0, 200);
  if (!name) return null;
  const args = isObject(value.inputParameters) ? value.inputParameters : isObject(value.input_parameters) ? value.input_parameters : undefined;
  const description = cut(value.description);
  const reasoning = cut(value.reasoning);
  return {
    name,
    ...(description ? { description } : {}),
    ...(reasoning ? { reasoning } : {}),
    ...(args ? { input_parameters: args } : {}),
    ...(value.output !== undefined && value.output !== null ? { output: value.output } : {}),
  };
}
