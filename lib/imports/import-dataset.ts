import { createChunkDecoder, createStreamingParser, hasErrors, type ConversationLimits, type FormatId, type Problem } from '../datasets';
import type { Db } from '../db/queries/db-types';
import { rememberCsvMapping } from '../db/queries/datasets/csv-mapping-memory';
import { saveDataset } from '../db/queries/datasets/save-dataset';
import type { SkippedLine } from '../db/rows/skipped-lines';
import type { Conversation } from '../metrics/types';
import type { ImportOptions } from './import-options';

/** Conversations handed to saveDataset at a time (one createMany of conversations, a few of turns). */
export const IMPORT_BATCH = 1000;
/** Problems kept for the answer; the parser counts the rest in one summary problem. */
const MAX_PROBLEMS = 200;

export interface ImportStats {
  bytes: number;
  conversations: number;
  turns: number;
}

export type ImportOutcome =
  | {
      ok: true;
      datasetId: string;
      format: FormatId;
      stats: ImportStats;
      /** Warnings only: what was kept as it is. */
      problems: Problem[];
      /** With skipInvalid: the lines left out and why (also stored with the dataset). */
      skipped: SkippedLine[];
    }
  | {
      ok: false;
      /** One sentence: what we expected, what we found, where. */
      message: string;
      format: FormatId | null;
      stats: ImportStats;
      problems: Problem[];
    };

/** Thrown inside the batch stream so that saveDataset removes what it stored. */
class ImportRejected extends Error {}

/**
 * Imports a dataset from a stream of bytes (an upload body) without holding the file: bytes are
 * decoded and parsed as they arrive, and complete conversations go to saveDataset in batches,
 * into a dataset hidden until the last one. Any error problem, wherever it appears, removes what
 * was stored: a failed import leaves nothing. After the first error the rest of the body is still parsed (not
 * stored) so the answer lists every problem up to the cap.
 */
export async function importDatasetStream(
  db: Db,
  body: AsyncIterable<Uint8Array>,
  options: ImportOptions,
  extra: {
    /** Name and model version that arrived after the file (a form's later fields). */
    lateDetails?: () => { name?: string; modelVersion?: string };
    /** Turns per conversation and characters per turn; the parser's defaults when absent. */
    limits?: ConversationLimits;
  } = {},
): Promise<ImportOutcome> {
  const { lateDetails } = extra;
  const parser = createStreamingParser({
    fileName: options.fileName,
    format: options.format,
    csvMapping: options.csvMapping,
    roleValues: options.roleValues,
    maxProblems: MAX_PROBLEMS,
    limits: extra.limits,
  });
  const decoder = createChunkDecoder();
  const stats: ImportStats = { bytes: 0, conversations: 0, turns: 0 };
  let problems: Problem[] = [];
  /** With skipInvalid: the lines left out, known once the parser has ended. */
  let skipped: SkippedLine[] = [];

  async function* batches(): AsyncGenerator<Conversation[]> {
    let pending: Conversation[] = [];
    let failed = false;
    const take = (conversations: Conversation[]) => {
      if (failed || conversations.length === 0) return;
      // The parser hands over only valid conversations: skipping, the others are simply not among them.
      if (!options.skipInvalid && hasErrors(parser.problems)) {
        failed = true;
        pending = [];
        return;
      }
      for (const c of conversations) pending.push(c);
    };
    for await (const chunk of body) {
      stats.bytes += chunk.byteLength;
      if (decoder.problem) continue; // drain the rest of the upload
      const text = decoder.decode(chunk);
      if (decoder.problem) continue;
      take(parser.push(text));
      if (pending.length >= IMPORT_BATCH) {
        const batch = pending;
        pending = [];
        yield batch;
      }
    }
    const tail = decoder.end();
    if (decoder.problem) {
      problems = [decoder.problem];
      throw new ImportRejected();
    }
    take(parser.push(tail));
    take(parser.end());
    problems = parser.problems;
    skipped = skippedOf(problems, parser.leftOut);
    const nothingGood = parser.stats.conversations === 0;
    if ((hasErrors(problems) && (!options.skipInvalid || nothingGood)) || parser.format === null) throw new ImportRejected();
    if (pending.length > 0) yield pending;
  }

  try {
    const saved = await saveDataset(db, {
      name: options.name,
      modelVersion: options.modelVersion,
      sourceFileName: options.fileName,
      sourceFormat: () => parser.format ?? options.format ?? 'unknown',
      conversations: batches(),
      lateDetails,
      skippedLines: () => skipped,
    });
    stats.conversations = saved.conversationCount;
    stats.turns = saved.turnCount;
    // Offered again for the next file with the same columns (a failure here loses no data).
    if (options.csvMapping && (parser.format === 'long-csv' || parser.format === 'deepeval-csv')) {
      await rememberCsvMapping(db, options.csvMapping, options.roleValues).catch((error: unknown) => console.error('could not remember the CSV mapping:', error));
    }
    return { ok: true, datasetId: saved.id, format: parser.format as FormatId, stats, problems: problems.filter((p) => p.severity !== 'error'), skipped };
  } catch (error) {
    if (!(error instanceof ImportRejected)) throw error;
    stats.conversations = parser.stats.conversations;
    stats.turns = parser.stats.turns;
    return { ok: false, message: rejectionMessage(problems), format: parser.format, stats, problems };
  }
}

/** The lines an import that skipped errors left out: each once, with its first error, else the error of its conversation. */
function skippedOf(problems: readonly Problem[], leftOut: readonly SkippedLine[]): SkippedLine[] {
  const byLine = new Map<number, SkippedLine>();
  for (const p of problems) if (p.severity === 'error' && !byLine.has(p.line)) byLine.set(p.line, { line: p.line, field: p.field, message: p.message });
  for (const l of leftOut) if (!byLine.has(l.line)) byLine.set(l.line, { line: l.line, field: l.field, message: l.message });
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}

/** The first error in words, with where it is and how many others there are. */
export function rejectionMessage(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === 'error');
  const first = errors[0];
  if (!first) return 'Nothing was stored: the file has no conversations we could read.';
  const where = first.message.includes(`line ${first.line}`) ? '' : ` at line ${first.line}${first.field ? `, ${first.field}` : ''}`;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more ${errors.length === 2 ? 'error' : 'errors'})` : '';
  return `Nothing was stored: ${first.message}${where}${more}.`;
}
