import { readFileSync } from 'node:fs';
import { createStreamingParser, type StreamingOptions } from '@/lib/datasets/streaming-parser';

/** A file of tests/fixtures/peers (exports of other tools, built from their published types). */
export const peerFixture = (name: string): string => readFileSync(new URL(`../fixtures/peers/${name}`, import.meta.url), 'utf8');

/**
 * Reads a file as the import does, in pieces of `chunk` characters (so records and lines arrive
 * cut), keeping the conversations, their scores, the notes and the problems.
 */
export function readPeerFile(text: string, fileName: string, options: StreamingOptions & { chunk?: number } = {}) {
  const { chunk = 700, ...parseOptions } = options;
  const parser = createStreamingParser({ fileName, ...parseOptions });
  const conversations = [];
  const scored = [];
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
    errors: parser.problems.filter((p) => p.severity === 'error'),
    scoreStats: parser.scoreStats,
  };
}
