import type { Conversation } from '../domain';
import { type FieldReader, type Issues, compact, isPlainObject, readToolList, readTopicList } from './fields';

/** OpenAI's `tools` ({type: "function", function: {name, description, parameters}}) as deepeval ToolCall-shaped tools. */
function fromOpenAiTools(raw: unknown): Record<string, unknown>[] | undefined {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const out: Record<string, unknown>[] = [];
  for (const item of value) {
    const fn = isPlainObject(item) && isPlainObject(item.function) ? item.function : item;
    if (!isPlainObject(fn) || typeof fn.name !== 'string' || fn.name.trim() === '') return undefined;
    out.push(compact({ name: fn.name, description: typeof fn.description === 'string' ? fn.description : undefined, input_parameters: isPlainObject(fn.parameters) ? fn.parameters : undefined }));
  }
  return out;
}

/**
 * The conversation-level lists topic_adherence and tool_use read: `relevant_topics` and
 * `available_tools` (any spelling). With `openAiTools`, a record's OpenAI-style `tools` list stands
 * for the available tools when it has no `available_tools`; a `tools` value of another shape stays metadata.
 */
export function readConversationToolFields(r: FieldReader, issues: Issues, opts: { openAiTools?: boolean } = {}): Pick<Conversation, 'relevantTopics' | 'availableTools'> {
  const relevantTopics = readTopicList(r.take('relevant_topics'), [], issues);
  let availableTools = readToolList(r.take('available_tools'), [], issues);
  if (availableTools === undefined && opts.openAiTools && r.has('tools')) {
    const key = r.key('tools')!;
    const converted = fromOpenAiTools(r.obj[key]);
    if (converted) {
      r.take('tools');
      availableTools = converted;
    }
  }
  return compact({ relevantTopics, availableTools });
}
