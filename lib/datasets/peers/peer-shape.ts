import { FieldReader, isPlainObject } from '../fields';
import { langfuseKind } from './langfuse';
import { opikKind } from './opik';

/** A result of promptfoo's output (EvaluateResult): its test and prompt indices with its prompt, response or grading. */
const isPromptfooResult = (r: FieldReader): boolean => r.has('testIdx') && r.has('promptIdx') && r.has('prompt', 'response', 'gradingResult');

/** A LangSmith run (run_type, inputs) or dataset example (inputs and outputs objects). */
function isLangSmithRecord(record: Record<string, unknown>): boolean {
  if (!isPlainObject(record.inputs) && typeof record.inputs !== 'string') return false;
  return typeof record.run_type === 'string' || 'outputs' in record;
}

/** An example of Phoenix's dataset export (its plain JSONL): input and output objects, the input holding messages. */
const isPhoenixExample = (record: Record<string, unknown>): boolean =>
  isPlainObject(record.input) && Array.isArray(record.input.messages) && (isPlainObject(record.output) || record.output === null || record.output === undefined);

/**
 * The tool a record of another tool's export comes from, by its fields: checked before the
 * dataset shapes, whose keys (input, output, messages) such records also have.
 */
export function peerShape(record: unknown): 'langfuse' | 'opik' | 'promptfoo' | 'langsmith' | 'phoenix' | null {
  if (!isPlainObject(record)) return null;
  if (opikKind(record)) return 'opik';
  if (langfuseKind(record)) return 'langfuse';
  if (isPromptfooResult(new FieldReader(record))) return 'promptfoo';
  if (isLangSmithRecord(record)) return 'langsmith';
  if (isPhoenixExample(record)) return 'phoenix';
  return null;
}

/** One chat message (role and content) on a line of its own: a chat log whose messages carry their conversation's id. */
export function isThreadMessage(record: unknown): boolean {
  if (!isPlainObject(record)) return false;
  const r = new FieldReader(record);
  return r.has('role') && r.has('content') && !r.has('messages', 'turns', 'conversations');
}
