import type { Conversation } from '../domain';
import type { ScoredConversation } from './imported-scores';
import { createStreamingParser, type StreamingOptions } from './streaming-parser';

/**
 * Reads a file's text, or the files of a folder one after another (each named, as a folder or
 * archive import reads them), as an upload arrives: in pieces of `chunk` characters (records and
 * lines cut anywhere), keeping what the import would take from it: the conversations, their
 * scores, the notes and the problems. For tests of the readers of other tools' exports.
 */
export function readInPieces(input: string | { name: string; text: string }[], fileName?: string, options: StreamingOptions & { chunk?: number } = {}) {
  const { chunk = 700, ...parseOptions } = options;
  const parser = createStreamingParser(typeof input === 'string' ? { fileName, ...parseOptions } : parseOptions);
  const conversations: Conversation[] = [];
  const scored: ScoredConversation[] = [];
  const take = (batch: Conversation[]) => {
    conversations.push(...batch);
    scored.push(...parser.takeScores());
  };
  for (const file of typeof input === 'string' ? [{ text: input }] : input) {
    if ('name' in file) take(parser.nextFile(file.name));
    for (let i = 0; i < file.text.length; i += chunk) take(parser.push(file.text.slice(i, i + chunk)));
  }
  take(parser.end());
  return {
    format: parser.format,
    conversations,
    scored,
    /** The scores a conversation of these carried, found by its position among them. */
    scoresOf: (c: Conversation) => scored.find((s) => s.position === conversations.indexOf(c))?.scores ?? [],
    notes: parser.notes,
    problems: parser.problems,
    leftOut: parser.leftOut,
    errors: parser.problems.filter((p) => p.severity === 'error'),
    scoreSummary: parser.scoreSummary,
  };
}
