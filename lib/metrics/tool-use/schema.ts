import { z } from 'zod';
import { AppError } from '../../errors';
import { sharedMetricOptionsSchema } from '../shared/options';

const text = (field: string) => z.string({ error: `${field} must be text` }).nullish();
const argumentsObject = z.record(z.string(), z.unknown(), { error: 'expected an object of argument names to values' }).nullish();

/**
 * deepeval's ToolCall (deepeval/test_case/llm_test_case.py:248-259): a name, and optionally a
 * description, the reasoning behind the call, its output and its input parameters (an object,
 * spelt input_parameters or inputParameters). Other keys a file carries (id, type, metadata)
 * are ignored; the tool is read back in deepeval's spelling.
 */
export const toolCallSchema = z
  .object(
    {
      name: z.string({ error: 'a tool needs a name (text)' }).trim().min(1, 'a tool needs a name (text)'),
      description: text('description'),
      reasoning: text('reasoning'),
      output: z.unknown().optional(),
      input_parameters: argumentsObject,
      inputParameters: argumentsObject,
    },
    { error: 'expected a tool: an object with a name' },
  )
  .transform(({ name, description, reasoning, output, input_parameters, inputParameters }) => {
    const args = input_parameters ?? inputParameters;
    return {
      name,
      ...(description ? { description } : {}),
      ...(reasoning ? { reasoning } : {}),
      ...(args ? { input_parameters: args } : {}),
      ...(output !== undefined && output !== null ? { output } : {}),
    };
  });
export type ToolCall = z.output<typeof toolCallSchema>;

/** A list of tools, as an option or a field: each a ToolCall. */
export const toolListSchema = z.array(toolCallSchema, { error: 'expected a list of tools' });

/**
 * A field's tools (tools_called, expected_tools, available_tools) read as ToolCalls; a malformed
 * one is refused with the field, the tool's position and what is wrong, e.g.
 * "Turn 4 tools_called[2].input_parameters: expected an object of argument names to values".
 */
export function parseToolList(value: unknown, where: string): ToolCall[] {
  const parsed = toolListSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  throw new AppError('BAD_INPUT', `${where}${path}: ${issue.message}`, { field: `${where}${path}` });
}

/**
 * tool_use's options: the shared ones plus deepeval's available_tools, the tools the agent could
 * call. A conversation's own available_tools win for that conversation.
 */
export const toolUseOptionsSchema = sharedMetricOptionsSchema.extend({
  availableTools: toolListSchema.optional(),
});
export type ToolUseOptions = z.input<typeof toolUseOptionsSchema>;
