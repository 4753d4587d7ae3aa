import { FieldReader, isPlainObject } from '../fields';
import { langfuseKind } from './langfuse';
import { opikKind } from './opik';

/** The tracing tool a record comes from, by its fields: checked before the dataset shapes, whose keys (input, output) such records also have. */
export function peerShape(record: unknown): 'langfuse' | 'opik' | null {
  if (opikKind(record)) return 'opik';
  if (langfuseKind(record)) return 'langfuse';
  return null;
}

/** One chat message (role and content) on a line of its own: a chat log whose messages carry their conversation's id. */
export function isThreadMessage(record: unknown): boolean {
  if (!isPlainObject(record)) return false;
  const r = new FieldReader(record);
  return r.has('role') && r.has('content') && !r.has('messages', 'turns', 'conversations');
}
