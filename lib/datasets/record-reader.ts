import type { Collector, Where } from './collector';
import { mapperFor } from './map-record';
import { readLangSmithRecord } from './langsmith/langsmith-reader';
import { readPromptfooRecord } from './promptfoo/promptfoo-reader';
import type { Shape } from './types';

/**
 * Reads the records of a JSON or JSONL file into the collector. Most formats make one conversation
 * of each record; some make one of several records that share a key (promptfoo's steps of one
 * scripted conversation, LangSmith's runs of one thread), which may lie anywhere in the file:
 * those are held (their fields checked as they arrive, at their own lines) and handed over at the end.
 */
export interface RecordReader {
  read(record: unknown, at: Where): void;
  /** The file has ended: conversations still held are handed over. */
  end(): void;
}

export function recordReaderFor(shape: Shape, out: Collector): RecordReader {
  if (shape === 'promptfoo') return readPromptfooRecord(out);
  if (shape === 'langsmith') return readLangSmithRecord(out);
  const map = mapperFor(shape, out.roleValues);
  return { read: (record, at) => out.accept(map(record), at), end() {} };
}
