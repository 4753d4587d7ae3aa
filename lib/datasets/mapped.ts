import type { Conversation } from '../domain';
import type { Piece } from './peers/pieces';
import { type FieldReader, type Issues, type Path, readText } from './fields';
import type { ImportedScore } from './imported-scores';

/** What a mapper makes of one record: the conversation (null if any error) and its issues. */
export interface MapResult {
  conversation: Conversation | null;
  issues: Issues;
  /** Scores the tool that wrote the file gave this conversation (an imported run, once stored). */
  scores?: ImportedScore[];
  /** Parts of conversations the record gives (a trace, a span, a score, a chat message), gathered until the end of the input. */
  pieces?: Piece[];
  /** What the format could not carry into the conversation, or how it was read: said once per file (not an error). */
  notes?: string[];
}

export const ID_FIELDS = ['id', 'conversation_id', 'external_id', 'uuid'] as const;

export function readId(r: FieldReader, issues: Issues): string | undefined {
  return readText(r.take(...ID_FIELDS), [], issues);
}

export function warnIfEmpty(content: string, path: Path, issues: Issues): void {
  if (content.trim() === '') issues.push({ severity: 'warning', path, message: 'empty content (kept as it is)' });
}

export const result = (conversation: Conversation, issues: Issues): MapResult => ({
  conversation: issues.some((i) => i.severity === 'error') ? null : conversation,
  issues,
});
