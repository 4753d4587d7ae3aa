import type { Collector, Where } from './collector';
import { describe, type Issues, isPlainObject } from './fields';
import { mapperFor } from './map-record';
import { exampleConversation, readLangSmithRecord } from './peers/langsmith-reader';
import { readPromptfooRecord } from './peers/promptfoo-reader';
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
  if (shape === 'phoenix') {
    return {
      read(record, at) {
        const issues: Issues = [];
        const notes = new Set<string>();
        const conversation = isPlainObject(record) ? exampleConversation(record, issues, notes, out.roleValues) : null;
        if (!isPlainObject(record)) issues.push({ severity: 'error', path: [], message: `expected a Phoenix example (an object with input and output), found ${describe(record)}` });
        out.accept({ conversation, issues, notes: [...notes] }, at);
      },
      end() {},
    };
  }
  const map = mapperFor(shape, out.roleValues, out.threadOptions);
  return { read: (record, at) => out.accept(map(record), at), end() {} };
}
