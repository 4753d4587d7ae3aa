import {
  createStreamingParser,
  guessCsvMapping,
  type CsvMapping,
  type FormatId,
  type Problem,
  type RoleValues,
  type ScoreCount,
} from '../datasets';
import { orderKeyOf, threadKeyOf } from '../datasets/peers/thread-messages';
import type { Conversation } from '../domain/conversation';
import { addCounts, type RedactionCounts, type RedactionSettings } from '../pii/kinds';
import { redactConversation } from '../pii/redact-conversation';
import { createRedactor } from '../pii/redactor';
import { readCsvHead } from './csv-headers';
import { parseOptionsOf } from './import-options';
import { createSourceReader } from './read-source';
import { bodyEvents, type SourceEvent } from './source-events';

/*
 * Reads a whole file the way the server will, but keeps only what the import page shows: the
 * format, counts, the first conversations and the problems. Pure (no DOM, no Node): the page runs
 * it in a Web Worker so a 200 MB file never blocks the main thread; tests run it in Node.
 */

/** Conversations kept for the preview. */
export const PREVIEW_CONVERSATIONS = 5;
const PROGRESS_EVERY_MS = 150;
/** Text kept from the start of the file to read a CSV header. */
const HEAD_CHARS = 64 * 1024;

export interface PreviewOptions {
  fileName?: string;
  format?: FormatId;
  csvMapping?: CsvMapping;
  roleValues?: RoleValues;
  /** Personal data to redact, as the import will (the saved patterns' sources included): the sample shows it done and the counts say how much. */
  redaction?: RedactionSettings;
  threadKey?: string;
  orderBy?: string;
}


export interface PreviewSnapshot {
  bytesRead: number;
  totalBytes: number;
  format: FormatId | null;
  conversations: number;
  turns: number;
  /** The first conversations, as soon as they are parsed. */
  sample: Conversation[];
  /** Problems so far (final once done). */
  problems: Problem[];
  /** Header names when the file is (or may be) a CSV file; null otherwise. */
  csvHeaders: string[] | null;
  /** Per header, its first non-empty cell (to help map the columns). */
  csvSample: string[] | null;
  /** The distinct values of the column mapped to the role, among the first rows; null without one. */
  csvRoleValues: string[] | null;
  /** Role values (any format) that no usual name and no given mapping covered, in the order met. */
  unknownRoleValues: string[];
  /** The mapping the parser used: the one given, completed by the guess from the headers. */
  csvMapping: CsvMapping | null;
  /** With a redaction: what it took so far, by kind. */
  redactions: RedactionCounts | null;
  /** Chat messages with a thread key: the fields of the first record, and the thread key and order field in use. */
  thread: { keys: string[]; threadKey: string | null; orderBy: string | null } | null;
  /** The scores the file carries, by tool and score name (on turns, on whole conversations): the import stores them as a run that tool scored. */
  scores: ScoreCount[];
  /** Conversations that carry scores. */
  scoredConversations: number;
  /** Files read from a folder or archive (0 for a single file). */
  files: number;
  /** What the file's format could not carry, or how it was read, each said once. */
  notes: string[];
  done: boolean;
}

// A Langfuse CSV's columns are its export's own: there is nothing to map.
const looksLikeCsv = (fileName: string | undefined, format: FormatId | null): boolean =>
  format === 'long-csv' || format === 'deepeval-csv' || (format !== 'langfuse-csv' && /\.(csv|tsv)$/i.test(fileName ?? ''));

/** Parses `chunks` (the file's bytes: a file, or a zip archive of files) and reports snapshots while it goes; resolves with the final one. */
export async function previewDatasetStream(
  chunks: AsyncIterable<Uint8Array>,
  totalBytes: number,
  options: PreviewOptions,
  onProgress?: (snapshot: PreviewSnapshot) => void,
): Promise<PreviewSnapshot> {
  const counter = { bytes: 0 };
  const counted = async function* () {
    for await (const chunk of chunks) {
      counter.bytes += chunk.byteLength;
      yield chunk;
    }
  };
  return previewSource(bodyEvents(counted()), totalBytes, options, onProgress, counter);
}

/** As previewDatasetStream, for events already made (the files of a folder); `counter` says how many bytes were read. */
export async function previewSource(
  events: AsyncIterable<SourceEvent[]>,
  totalBytes: number,
  options: PreviewOptions,
  onProgress: ((snapshot: PreviewSnapshot) => void) | undefined,
  counter: { bytes: number },
): Promise<PreviewSnapshot> {
  const parser = createStreamingParser(parseOptionsOf(options));
  const reader = createSourceReader(parser);
  const sample: Conversation[] = [];
  const redactor = createRedactor(options.redaction);
  const redactions: RedactionCounts | null = redactor ? {} : null;
  let head = '';
  let files = 0;
  let lastReport = 0;

  const take = (batch: Conversation[]) => {
    // Only their counts are shown: the scores themselves are let go.
    parser.takeScores();
    for (const c of batch) {
      // Every conversation, as the import will: the counts are the whole file's.
      if (redactor) addCounts(redactions!, redactConversation(c, redactor).counts);
      if (sample.length < PREVIEW_CONVERSATIONS) sample.push(c);
    }
  };
  const snapshot = (done: boolean, problems: Problem[] = parser.problems): PreviewSnapshot => {
    const format = parser.format;
    const csv = looksLikeCsv(options.fileName, format) ? readCsvHead(head) : null;
    const csvHeaders = csv?.headers ?? null;
    const csvMapping = csvHeaders ? { ...guessCsvMapping(csvHeaders), ...options.csvMapping } : null;
    const roleColumn = csvHeaders && csvMapping ? csvHeaders.findIndex((h) => csvMapping[h] === 'role') : -1;
    const keys = parser.recordKeys;
    const firstRecord = keys ? Object.fromEntries(keys.map((k) => [k, true])) : null;
    return {
      bytesRead: counter.bytes,
      totalBytes,
      format,
      conversations: parser.stats.conversations,
      turns: parser.stats.turns,
      sample: [...sample],
      problems: [...problems],
      csvHeaders,
      csvSample: csv?.sample ?? null,
      csvRoleValues: csv && roleColumn !== -1 ? csv.values[roleColumn] : null,
      unknownRoleValues: [...parser.unknownRoles],
      csvMapping,
      redactions: redactions ? { ...redactions } : null,
      thread:
        parser.format === 'thread-jsonl' && keys && firstRecord
          ? { keys, threadKey: threadKeyOf(firstRecord, options.threadKey) ?? null, orderBy: orderKeyOf(firstRecord, options.orderBy) ?? null }
          : null,
      scores: [...parser.scoreSummary.names],
      scoredConversations: parser.scoreSummary.conversations,
      files,
      notes: [...parser.notes],
      done,
    };
  };

  const utf8 = new TextDecoder();
  for await (const batch of events) {
    for (const event of batch) {
      if ('file' in event) files++;
      // A CSV header is read from the start of a single file.
      else if ('bytes' in event && files === 0 && head.length < HEAD_CHARS) head += utf8.decode(event.bytes.subarray(0, HEAD_CHARS - head.length), { stream: true });
    }
    take(reader.take(batch));
    if (reader.undecodable) break;
    const now = Date.now();
    if (onProgress && now - lastReport >= PROGRESS_EVERY_MS) {
      lastReport = now;
      onProgress(snapshot(false));
    }
  }
  const last = reader.end();
  if (reader.undecodable) return snapshot(true, [reader.undecodable]);
  take(last);
  return snapshot(true);
}

