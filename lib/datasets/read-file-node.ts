import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Conversation } from '../domain';
import { createChunkDecoder } from './decode';
import { createStreamingParser, type StreamingOptions } from './streaming-parser';
import type { ParseResult } from './types';

export interface ReadFileOptions extends StreamingOptions {
  /**
   * Receives conversations in batches as they are parsed; they are then not kept in the result, so
   * memory stays bounded whatever the file's size. Errors may still come later: check the problems.
   */
  onConversations?: (batch: Conversation[]) => void | Promise<void>;
}

/**
 * Node only: streams a dataset file from disk through the streaming parser, refusing bytes that are
 * not UTF-8 (with the line of the first bad byte).
 */
export async function readDatasetFile(path: string, options: ReadFileOptions = {}): Promise<ParseResult> {
  const { onConversations, ...parseOptions } = options;
  const parser = createStreamingParser({ fileName: basename(path), ...parseOptions });
  const decoder = createChunkDecoder();
  const kept: Conversation[] = [];
  const take = async (batch: Conversation[]) => {
    // Scores a file carries are for an import to store: read for a run here, they are let go as they come.
    parser.takeScores();
    if (batch.length === 0) return;
    if (onConversations) await onConversations(batch);
    else kept.push(...batch);
  };

  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const text = decoder.decode(chunk as Buffer);
    if (decoder.problem) break;
    await take(parser.push(text));
  }
  const tail = decoder.end();
  if (decoder.problem) {
    return { format: parser.format, conversations: [], problems: [decoder.problem], stats: { conversations: 0, turns: 0 } };
  }
  await take(parser.push(tail));
  await take(parser.end());
  const result: ParseResult = { format: parser.format, conversations: kept, problems: parser.problems, stats: { ...parser.stats } };
  if (parser.datasetMetadata) result.datasetMetadata = parser.datasetMetadata;
  return result;
}
