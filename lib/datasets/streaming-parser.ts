import { AppError } from '../errors';
import type { Conversation } from '../domain';
import { Collector, type LeftOutLine } from './collector';
import type { ScoreCount, ScoredConversation } from './imported-scores';
import { CsvEngine } from './csv-engine';
import { detectFormat } from './detect-format';
import { containerOf } from './formats';
import { JsonStreamEngine } from './json-stream-engine';
import { JsonlEngine } from './jsonl-engine';
import { CsvRecordEngine } from './peers/csv-records';
import { parseOptionsSchema } from './options-schema';
import { ProblemLog } from './problems';
import { checkText, countNewlines, emptyFileProblem } from './text-checks';
import type { FormatId, ParseOptions, ParseStats, Problem } from './types';
import { DEFAULT_CONVERSATION_LIMITS, type ConversationLimits } from './value-checks';
import { FIELD_LIMITS } from '../domain';

/**
 * Largest JSON text (in characters) the streaming parser holds at once outside a list of records
 * (a wrapper object's other keys). A record, a line or a row is bounded by FIELD_LIMITS.recordChars.
 */
export const MAX_JSON_CHARS = 256 * 1024 * 1024;

// Detection waits for this much text, or for two complete lines, whichever comes later…
const SAMPLE_CHARS = 64 * 1024;
// …but never for more than this (a minified JSON file has no newline at all).
const SAMPLE_MAX = 8 * 1024 * 1024;

export interface StreamingOptions extends ParseOptions {
  /**
   * Long CSV: 'contiguous' (default) emits a conversation as soon as its id changes, so its rows
   * must be together; 'all' waits for the end and accepts rows in any order.
   */
  grouping?: 'contiguous' | 'all';
  /** Largest JSON text to hold at once; default MAX_JSON_CHARS. */
  maxJsonChars?: number;
  /** Turns per conversation and characters per turn; default DEFAULT_CONVERSATION_LIMITS. */
  limits?: ConversationLimits;
  /** Characters of one JSONL line, JSON record or CSV row; default FIELD_LIMITS.recordChars. */
  maxRecordChars?: number;
}

export interface StreamingParser {
  /** Feeds the next piece of text; returns the conversations completed by it. */
  push(chunk: string): Conversation[];
  /**
   * Starts the next file of a folder or archive: the text pushed after it is read as a file of its
   * own (its own format, lines and problems, which name it), into the same conversations: records
   * of one conversation may be in several files (a trace per file, scores in another).
   */
  nextFile(name: string): Conversation[];
  /** Adds a problem found outside the text (files left out of an archive, bytes that are not UTF-8), naming the file it names. */
  addProblem(problem: Problem): void;
  /** Stops reading the current file (of a folder or archive; else the input) after a problem added for it. */
  skipFile(): void;
  /** Ends the input; returns the last conversations. Problems are final after this. */
  end(): Conversation[];
  readonly problems: Problem[];
  /** Lines with no error of their own, not stored because their conversation had one (long CSV). */
  readonly leftOut: readonly LeftOutLine[];
  /** Role values that no usual name and no given mapping covered, in the order met. */
  readonly unknownRoles: readonly string[];
  /** What the file's format could not carry, or how it was read, each said once. */
  readonly notes: readonly string[];
  /**
   * The scores the file gave its conversations (Langfuse's, Opik's, promptfoo's, LangSmith's) since
   * the last call, by position among the conversations handed over. Taken or not, they are let go.
   */
  takeScores(): ScoredConversation[];
  /** Conversations with scores and scores so far, and how many of each tool's score name (in the order met). */
  readonly scoreSummary: { conversations: number; scores: number; names: readonly ScoreCount[] };
  /** null until detected (or if the content is none of the formats). */
  readonly format: FormatId | null;
  readonly stats: ParseStats;
  readonly datasetMetadata: Record<string, unknown> | undefined;
  /** The fields of the first JSONL record (null before one, or for CSV and JSON): a chat log's thread key is remembered by them. */
  readonly recordKeys: string[] | null;
  /** Characters held back waiting for the end of a line, row or JSON document. */
  readonly buffered: number;
}

interface Engine {
  push(chunk: string): void;
  end(): void;
  readonly buffered: number;
}

/**
 * Parses JSONL, CSV and JSON lists of records as they arrive, holding only the unfinished line, row
 * or record (and, for a long CSV, the current conversation). A JSON document that is not a list of
 * records (one object that is the record) is held and parsed at the end, up to maxJsonChars.
 */
export function createStreamingParser(options: StreamingOptions = {}): StreamingParser {
  const checked = parseOptionsSchema.safeParse(options);
  if (!checked.success) {
    throw new AppError('BAD_INPUT', `invalid dataset parse options: ${checked.error.issues[0]?.message}`, {
      issues: checked.error.issues,
    });
  }
  const log = new ProblemLog(options.maxProblems);
  const limits = options.limits ?? DEFAULT_CONVERSATION_LIMITS;
  const bounds = { limits, recordChars: options.maxRecordChars ?? FIELD_LIMITS.recordChars };
  const out = new Collector(log, limits, options.roleValues, { threadKey: options.threadKey, orderBy: options.orderBy });
  const maxJson = options.maxJsonChars ?? MAX_JSON_CHARS;
  // Per file: a folder or archive starts each of its files afresh (nextFile).
  let format: FormatId | null = options.format ?? null;
  let firstFormat: FormatId | null = null;
  let datasetMetadata: Record<string, unknown> | undefined;
  let engine: Engine | null = null;
  let lines = 0;
  let stopped = false;
  let ended = false;
  let files = 0;
  /** The current file's name in a folder or archive: its extension settles what its content leaves open. */
  let fileName: string | undefined;
  const fileIndex = new Map<string, number>();

  const stop = (p: Problem) => {
    log.add(p);
    stopped = true;
    engine = null;
    takeSample();
  };

  const jsonEngine = (): Engine => {
    const json = new JsonStreamEngine(options.format, out, maxJson, stop, bounds);
    return {
      push: (chunk) => json.push(chunk),
      end() {
        const res = json.end();
        format = res.format ?? format;
        datasetMetadata = res.datasetMetadata;
      },
      get buffered() {
        return json.buffered;
      },
    };
  };

  const start = (text: string) => {
    if (format === null) {
      const detected = detectFormat(text, fileName ?? options.fileName);
      if (!detected.format) {
        stop({ severity: 'error', line: 1, field: '', message: `unrecognised content: ${detected.reason}` });
        return;
      }
      format = detected.format;
    }
    const container = containerOf(format);
    if (format === 'langfuse-csv') engine = new CsvRecordEngine(out, bounds);
    else if (container === 'csv') {
      const csv = new CsvEngine(
        { format: options.format, mapping: options.csvMapping, roleValues: options.roleValues, grouping: options.grouping ?? 'contiguous', bounds },
        out,
      );
      engine = {
        push: (c) => {
          csv.push(c);
          if (csv.format) format = csv.format;
        },
        end: () => {
          csv.end();
          if (csv.format) format = csv.format;
        },
        get buffered() {
          return csv.buffered;
        },
      };
    } else if (container === 'jsonl') engine = new JsonlEngine(format, out, bounds.limits, bounds.recordChars);
    else engine = jsonEngine();
    engine.push(text);
  };

  // The sample is kept as pieces, and its newlines after the first non-space counted chunk by chunk:
  // searching the joined sample at every chunk would copy it whole each time.
  const sample = { pieces: [] as string[], length: 0, contentSeen: false, newlines: 0 };
  const addToSample = (chunk: string) => {
    sample.pieces.push(chunk);
    sample.length += chunk.length;
    let from = 0;
    if (!sample.contentSeen) {
      from = chunk.search(/\S/);
      if (from === -1) return;
      sample.contentSeen = true;
    }
    if (sample.newlines < 2) sample.newlines += countNewlines(chunk, from);
  };
  const takeSample = (): string => {
    const text = sample.pieces.join('');
    Object.assign(sample, { pieces: [], length: 0, contentSeen: false, newlines: 0 });
    return text;
  };
  /** Detection waits for SAMPLE_CHARS and two complete lines, or SAMPLE_MAX. */
  const ready = (): boolean => sample.length >= SAMPLE_MAX || (sample.length >= SAMPLE_CHARS && sample.newlines >= 2);

  /** Reads what is left of the current file: its sample if it was short, its engine's last record. */
  const endFile = () => {
    if (!stopped && !engine) {
      const text = takeSample();
      if (text.trim() === '') stop(emptyFileProblem(text !== ''));
      else start(text);
    }
    if (!stopped && engine) engine.end();
    firstFormat ??= format;
  };

  return {
    nextFile(name) {
      if (ended) return [];
      if (files > 0) endFile();
      files++;
      if (!fileIndex.has(name)) fileIndex.set(name, files);
      Object.assign(sample, { pieces: [], length: 0, contentSeen: false, newlines: 0 });
      format = options.format ?? null;
      engine = null;
      lines = 0;
      stopped = false;
      log.file = name;
      out.file = name;
      fileName = name;
      return out.drain();
    },
    addProblem(problem) {
      // As given: a problem of the archive or folder names no file.
      const file = log.file;
      log.file = undefined;
      log.add(problem);
      log.file = file;
    },
    skipFile() {
      stopped = true;
      engine = null;
      takeSample();
    },
    push(chunk) {
      if (stopped || ended || chunk === '') return [];
      const bad = checkText(chunk, lines);
      if (bad) {
        stop(bad);
        return [];
      }
      lines += countNewlines(chunk);
      if (engine) engine.push(chunk);
      else {
        addToSample(chunk);
        if (!ready()) return [];
        const text = takeSample();
        start(text);
      }
      return out.drain();
    },
    end() {
      if (ended) return [];
      ended = true;
      endFile();
      log.file = undefined;
      out.file = undefined;
      out.flush();
      format = firstFormat ?? format;
      if (!log.hasErrors && out.stats.conversations === 0) {
        log.add({ severity: 'error', line: files > 0 ? 1 : Math.max(1, lines), field: '', message: `no conversations found in the ${files > 0 ? 'files' : 'file'} (${format ?? 'unknown format'})` });
      }
      log.close();
      const fileOrder = (p: Problem) => (p.file === undefined ? -1 : (fileIndex.get(p.file) ?? files));
      log.list.sort((a, b) => fileOrder(a) - fileOrder(b) || a.line - b.line);
      return out.drain();
    },
    get problems() {
      return log.list;
    },
    get leftOut() {
      return out.leftOutLines;
    },
    get unknownRoles() {
      return [...out.unknownRoles];
    },
    get notes() {
      return [...out.notes];
    },
    takeScores: () => out.takeScores(),
    get scoreSummary() {
      return { ...out.scoreStats, names: [...out.scoreCounts.values()].map((c) => ({ ...c })) };
    },
    get format() {
      return format;
    },
    get stats() {
      return out.stats;
    },
    get datasetMetadata() {
      return datasetMetadata;
    },
    get recordKeys() {
      return out.recordKeys;
    },
    get buffered() {
      return (engine?.buffered ?? 0) + sample.length;
    },
  };
}
