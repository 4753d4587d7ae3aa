import type { Conversation } from '../domain';
import type { ScoredConversation } from './imported-scores';
import { createStreamingParser, type StreamingOptions } from './streaming-parser';

/**
 * Reads a whole file's text as an upload arrives, in pieces of `chunk` characters (records and
 * lines cut anywhere), keeping what the import would take from it: the conversations, their
 * scores, the notes and the problems. For tests of the readers of other tools' exports.
 */
export function readInPieces(text: string, fileName: string, options: StreamingOptions & { chunk?: number } = {}) {
  const { chunk = 700, ...parseOptions } = options;
  const parser = createStreamingParser({ fileName, ...parseOptions });
  const conversations: Conversation[] = [];
  const scored: ScoredConversation[] = [];
  for (let i = 0; i < text.length; i += chunk) {
    conversations.push(...parser.push(text.slice(i, i + chunk)));
    scored.push(...parser.takeScores());
  }
  conversations.push(...parser.end());
  scored.push(...parser.takeScores());
  return {
    format: parser.format,
    conversations,
    scored,
    notes: parser.notes,
    problems: parser.problems,
    leftOut: parser.leftOut,
    errors: parser.problems.filter((p) => p.severity === 'error'),
    scoreSummary: parser.scoreSummary,
  };
}
