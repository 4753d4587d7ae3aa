import { createStreamingParser } from './streaming-parser';
import type { ParseOptions, ParseResult } from './types';

/**
 * Parses a whole dataset file given as text: detects the format, maps every record, validates every
 * conversation with conversationSchema. If any problem is an error, store nothing.
 */
export function parseDataset(text: string, options: ParseOptions = {}): ParseResult {
  const parser = createStreamingParser({ ...options, grouping: 'all', maxJsonChars: Number.MAX_SAFE_INTEGER });
  const conversations = [...parser.push(text), ...parser.end()];
  const result: ParseResult = { format: parser.format, conversations, problems: parser.problems, stats: { ...parser.stats } };
  if (parser.datasetMetadata) result.datasetMetadata = parser.datasetMetadata;
  return result;
}
