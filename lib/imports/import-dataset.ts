import { createChunkDecoder, createStreamingParser, hasErrors, type ConversationLimits, type FormatId, type Problem } from '../datasets';
import type { Db } from '../db/db-types';
import { rememberCsvMapping } from '../db/queries/datasets/csv-mapping-memory';
import type { SkippedLine } from '../db/rows/skipped-lines';
import type { Conversation } from '../domain';
import { addCounts, type RedactionCounts } from '../pii/kinds';
import { redactConversation } from '../pii/redact-conversation';
import { createRedactor } from '../pii/redactor';
import { resolveRedaction } from '../redaction/resolve-redaction';
import { storedRedaction } from '../redaction/stored-setting';
import { openDatasetWriter } from './dataset-writer';
import type { ImportOptions } from './import-options';

/** Conversations stored at a time (the writer splits them into transactions of a few thousand turns). */
export const IMPORT_BATCH = 1000;
/** Problems kept for the answer; the parser counts the rest in one summary problem. */
const MAX_PROBLEMS = 200;

export interface ImportStats {
  bytes: number;
  conversations: number;
  turns: number;
  /** Personal data taken out, by kind (with the redact option). */
  redactions?: RedactionCounts;
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

/**
 * Imports a dataset from a stream of bytes (an upload body, a file) without holding the file:
 * parse → validate → write in batches. Bytes are decoded and parsed as they arrive, and complete
 * conversations are stored 1,000 at a time into a dataset hidden until the last one. Any error
 * problem, wherever it appears, removes what was stored: a failed import leaves nothing. After
 * the first error the rest of the body is still parsed (not stored) so the answer lists every
 * problem up to the cap.
 */
export async function importDatasetStream(
  db: Db,
  body: AsyncIterable<Uint8Array>,
  options: ImportOptions,
  extra: {
    /** Name and model version that arrived after the file (a form's later fields), read once the body has ended. */
    lateDetails?: () => { name?: string; modelVersion?: string };
    /** Turns per conversation and characters per turn; the parser's defaults when absent. */
    limits?: ConversationLimits;
  } = {},
): Promise<ImportOutcome> {
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
  // Before the writer: an unknown pattern name stores nothing. Applied to each conversation the
  // parser hands over (within its bounds), before it is batched: no unredacted text is stored.
  const redaction = await resolveRedaction(db, options.redact);
  const redactor = createRedactor(redaction);
  const redacted: RedactionCounts = {};
  const writer = await openDatasetWriter(db, { name: options.name, modelVersion: options.modelVersion, sourceFileName: options.fileName, sourceFormat: 'pending' });

  const rejected = async (problems: Problem[]): Promise<ImportOutcome> => {
    await writer.abort();
    stats.conversations = parser.stats.conversations;
    stats.turns = parser.stats.turns;
    return { ok: false, message: rejectionMessage(problems), format: parser.format, stats, problems };
  };

  try {
    let pending: Conversation[] = [];
    let counts: (RedactionCounts | null)[] = [];
    let failed = false;
    const take = (conversations: Conversation[]) => {
      if (failed || conversations.length === 0) return;
      // The parser hands over only valid conversations: skipping, the others are simply not among them.
      if (!options.skipInvalid && hasErrors(parser.problems)) {
        failed = true;
        pending = [];
        counts = [];
        return;
      }
      for (const c of conversations) {
        if (redactor) {
          const taken = redactConversation(c, redactor).counts;
          addCounts(redacted, taken);
          counts.push(Object.keys(taken).length ? taken : null);
        }
        pending.push(c);
      }
    };
    for await (const chunk of body) {
      stats.bytes += chunk.byteLength;
      if (decoder.problem) continue; // drain the rest of the upload
      const text = decoder.decode(chunk);
      if (decoder.problem) continue;
      take(parser.push(text));
      if (pending.length >= IMPORT_BATCH) {
        const batch = pending;
        const batchCounts = counts;
        pending = [];
        counts = [];
        await writer.add(batch, redactor ? batchCounts : undefined);
      }
    }
    const tail = decoder.end();
    if (decoder.problem) return await rejected([decoder.problem]);
    take(parser.push(tail));
    take(parser.end());
    const problems = parser.problems;
    const nothingGood = parser.stats.conversations === 0;
    if ((hasErrors(problems) && (!options.skipInvalid || nothingGood)) || parser.format === null) return await rejected(problems);
    if (pending.length > 0) await writer.add(pending, redactor ? counts : undefined);

    const skipped = skippedOf(problems, parser.leftOut);
    const piiRedaction = redaction ? { ...storedRedaction(redaction, redacted) } : undefined;
    const saved = await writer.finish({ sourceFormat: parser.format, ...extra.lateDetails?.(), skippedLines: skipped, piiRedaction });
    stats.conversations = saved.conversationCount;
    stats.turns = saved.turnCount;
    if (redaction) stats.redactions = redacted;
    // Offered again for the next file with the same columns (a failure here loses no data).
    if (options.csvMapping && (parser.format === 'long-csv' || parser.format === 'deepeval-csv')) {
      await rememberCsvMapping(db, options.csvMapping, options.roleValues).catch((error: unknown) => console.error('could not remember the CSV mapping:', error));
    }
    return { ok: true, datasetId: saved.id, format: parser.format, stats, problems: problems.filter((p) => p.severity !== 'error'), skipped };
  } catch (error) {
    // A database error, an upload cut short, a bad late field: what was stored goes.
    await writer.abort();
    throw error;
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
