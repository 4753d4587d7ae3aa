import { createStreamingParser, hasErrors, importedRunParameters, type ConversationLimits, type FormatId, type Problem } from '../datasets';
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
import { parseOptionsOf, type ImportOptions } from './import-options';
import { createSourceReader } from './read-source';
import { bodyEvents, type ArchiveLimits, type SourceEvent } from './source-events';
import { rememberThreadOptions } from './thread-options-memory';
import { HeldScores } from './scores/held-scores';
import { redactScores } from './scores/redact-scores';
import { storeImportedScores, type StoredScores } from './scores/store-imported-scores';

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
      /** What the file's format could not carry, or how it was read, each said once. */
      notes: string[];
      /** The scores the file carried (Langfuse's, Opik's, promptfoo's, LangSmith's), stored as a run that tool scored. */
      run?: StoredScores;
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
  projectId: string,
  body: AsyncIterable<Uint8Array>,
  options: ImportOptions,
  extra: {
    /** Name and model version that arrived after the file (a form's later fields), read once the body has ended. */
    lateDetails?: () => { name?: string; modelVersion?: string };
    /** Turns per conversation and characters per turn; the parser's defaults when absent. */
    limits?: ConversationLimits;
    /** What a zip archive may unpack to. */
    archive?: ArchiveLimits;
    /** The body's events already made (a folder read by the CLI), instead of reading it as a plain file or a zip. */
    events?: AsyncIterable<SourceEvent[]>;
  } = {},
): Promise<ImportOutcome> {
  const parser = createStreamingParser({ ...parseOptionsOf(options), maxProblems: MAX_PROBLEMS, limits: extra.limits });
  const reader = createSourceReader(parser);
  const stats: ImportStats = { bytes: 0, conversations: 0, turns: 0 };
  // Before the writer: an unknown pattern name stores nothing. Applied to each conversation the
  // parser hands over (within its bounds), before it is batched: no unredacted text is stored.
  const redaction = await resolveRedaction(db, options.redact);
  const redactor = createRedactor(redaction);
  const redacted: RedactionCounts = {};
  const scores = new HeldScores();
  const writer = await openDatasetWriter(db, { projectId, name: options.name, modelVersion: options.modelVersion, sourceFileName: options.fileName, sourceFormat: 'pending' });

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
    const counted = async function* () {
      for await (const chunk of body) {
        stats.bytes += chunk.byteLength;
        yield chunk;
      }
    };
    // The scores of the conversations taken so far (positions count every conversation the parser handed over), redacted as their conversations are.
    const takeScores = () => scores.add(redactor ? redactScores(parser.takeScores(), redactor, redacted) : parser.takeScores(), 1);
    for await (const events of extra.events ?? bodyEvents(counted(), extra.archive)) {
      if (reader.undecodable) continue; // drain the rest of the upload
      take(reader.take(events));
      takeScores();
      if (pending.length >= IMPORT_BATCH) {
        const batch = pending;
        const batchCounts = counts;
        pending = [];
        counts = [];
        await writer.add(batch, redactor ? batchCounts : undefined);
      }
    }
    const last = reader.end();
    if (reader.undecodable) return await rejected([reader.undecodable]);
    take(last);
    takeScores();
    // Too many scores to keep: refused whatever else the file holds (its conversations without their run would mislead).
    if (scores.problem) return await rejected([...parser.problems, scores.problem]);
    const problems = parser.problems;
    const nothingGood = parser.stats.conversations === 0;
    if ((hasErrors(problems) && (!options.skipInvalid || nothingGood)) || parser.format === null) return await rejected(problems);
    if (pending.length > 0) await writer.add(pending, redactor ? counts : undefined);

    const late = extra.lateDetails?.();
    const skipped = skippedOf(problems, parser.leftOut);
    const piiRedaction = redaction ? { ...storedRedaction(redaction, redacted) } : undefined;
    // The scores become their run while the dataset is still hidden: a failure there removes both.
    const run = await storeImportedScores(db, {
      projectId,
      datasetId: writer.id,
      scored: scores.list,
      modelVersion: late?.modelVersion ?? options.modelVersion,
      parameters: importedRunParameters(parser.datasetMetadata),
    });
    const saved = await writer.finish({ sourceFormat: parser.format, ...late, skippedLines: skipped, piiRedaction });
    stats.conversations = saved.conversationCount;
    stats.turns = saved.turnCount;
    if (redaction) stats.redactions = redacted;
    // Offered again for the next file with the same columns (a failure here loses no data).
    if (options.csvMapping && (parser.format === 'long-csv' || parser.format === 'deepeval-csv')) {
      await rememberCsvMapping(db, projectId, options.csvMapping, options.roleValues).catch((error: unknown) => console.error('could not remember the CSV mapping:', error));
    }
    if (parser.format === 'thread-jsonl' && (options.threadKey || options.orderBy) && parser.recordKeys) {
      await rememberThreadOptions(db, projectId, parser.recordKeys, { threadKey: options.threadKey, orderBy: options.orderBy }).catch((error: unknown) => console.error('could not remember the thread key:', error));
    }
    return {
      ok: true,
      datasetId: saved.id,
      format: parser.format,
      stats,
      problems: problems.filter((p) => p.severity !== 'error'),
      skipped,
      notes: [...parser.notes],
      ...(run ? { run } : {}),
    };
  } catch (error) {
    // A database error, an upload cut short, a bad late field: what was stored goes.
    await writer.abort();
    throw error;
  }
}

/** The lines an import that skipped errors left out: each once, with its first error, else the error of its conversation. */
function skippedOf(problems: readonly Problem[], leftOut: readonly SkippedLine[]): SkippedLine[] {
  const byLine = new Map<string, SkippedLine>();
  const key = (l: { line: number; file?: string }) => `${l.file ?? ''}\u0000${l.line}`;
  const note = (l: { line: number; field: string; message: string; file?: string }): SkippedLine => ({ line: l.line, field: l.field, message: l.message, ...(l.file !== undefined ? { file: l.file } : {}) });
  for (const p of problems) if (p.severity === 'error' && !byLine.has(key(p))) byLine.set(key(p), note(p));
  for (const l of leftOut) if (!byLine.has(key(l))) byLine.set(key(l), note(l));
  return [...byLine.values()].sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line);
}

/** The first error in words, with where it is and how many others there are. */
export function rejectionMessage(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === 'error');
  const first = errors[0];
  if (!first) return 'Nothing was stored: the file has no conversations we could read.';
  const file = first.file !== undefined ? ` in ${first.file}` : '';
  const where = first.message.includes(`line ${first.line}`) ? file : `${file} at line ${first.line}${first.field ? `, ${first.field}` : ''}`;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more ${errors.length === 2 ? 'error' : 'errors'})` : '';
  return `Nothing was stored: ${first.message}${where}${more}.`;
}
