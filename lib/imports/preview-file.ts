import {
  createChunkDecoder,
  createStreamingParser,
  guessCsvMapping,
  type CsvMapping,
  type FormatId,
  type Problem,
  type RoleValues,
} from '../datasets';
import type { Conversation } from '../domain/conversation';
import { addCounts, type RedactionCounts, type RedactionSettings } from '../pii/kinds';
import { redactConversation } from '../pii/redact-conversation';
import { createRedactor } from '../pii/redactor';
import { readCsvHead } from './csv-headers';

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
  done: boolean;
}

const looksLikeCsv = (fileName: string | undefined, format: FormatId | null): boolean =>
  format === 'long-csv' || format === 'deepeval-csv' || /\.(csv|tsv)$/i.test(fileName ?? '');

/** Parses `chunks` (the file's bytes) and reports snapshots while it goes; resolves with the final one. */
export async function previewDatasetStream(
  chunks: AsyncIterable<Uint8Array>,
  totalBytes: number,
  options: PreviewOptions,
  onProgress?: (snapshot: PreviewSnapshot) => void,
): Promise<PreviewSnapshot> {
  const parser = createStreamingParser({ fileName: options.fileName, format: options.format, csvMapping: options.csvMapping, roleValues: options.roleValues });
  const decoder = createChunkDecoder();
  const sample: Conversation[] = [];
  const redactor = createRedactor(options.redaction);
  const redactions: RedactionCounts | null = redactor ? {} : null;
  let head = '';
  let bytesRead = 0;
  let lastReport = 0;

  const take = (batch: Conversation[]) => {
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
    return {
      bytesRead,
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
      done,
    };
  };

  for await (const chunk of chunks) {
    bytesRead += chunk.byteLength;
    const text = decoder.decode(chunk);
    if (decoder.problem) break;
    if (head.length < HEAD_CHARS) head += text.slice(0, HEAD_CHARS - head.length);
    take(parser.push(text));
    const now = Date.now();
    if (onProgress && now - lastReport >= PROGRESS_EVERY_MS) {
      lastReport = now;
      onProgress(snapshot(false));
    }
  }
  const tail = decoder.end();
  if (decoder.problem) return snapshot(true, [decoder.problem]);
  take(parser.push(tail));
  take(parser.end());
  return snapshot(true);
}
