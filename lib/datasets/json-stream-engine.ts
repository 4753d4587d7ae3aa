import type { Collector } from './collector';
import { isPlainObject, normKey, type Path } from './fields';
import { containerOf, formatFor, isShareGptMessage, PROMPTFOO_RECORDS, recordShape, shapeOf, WRAPPER_KEYS } from './formats';
import { parseJsonDocument, resolveLines } from './json-document';
import { parseJson } from './json-errors';
import { recordReaderFor, type RecordReader } from './record-reader';
import { GUARD_FROM, RecordGuard } from './record-guard';
import type { FormatId, Problem, Shape } from './types';
import type { ConversationLimits } from './value-checks';

/** Where a list of records may be in an object: under a wrapper key, or deeper (promptfoo's output file). */
const RECORD_PATHS: string[][] = [...WRAPPER_KEYS.map((key) => [normKey(key)]), PROMPTFOO_RECORDS.map(normKey)];

const startsWith = (path: string[], prefix: string[]): boolean => prefix.every((key, i) => path[i] === key);

export interface JsonStreamResult {
  format: FormatId | null;
  datasetMetadata?: Record<string, unknown>;
}

/** Where a piece of text starts in the file (1-based). */
interface Origin {
  line: number;
  column: number;
}

/**
 * A JSON document read as it arrives: the records of a top-level list, or of the list under a
 * wrapper key (`goldens`, `test_cases`, `conversations`), are cut out one at a time by following
 * only strings and brackets, then each is parsed (JSON.parse), mapped and handed on; only the
 * unfinished record is held, so a 250 MB file never sits in memory whole, nor as one parsed value.
 * Problems get lines and columns in the file. Anything else (one object that is itself the
 * record, a bare value) is held and parsed whole at the end, up to `maxChars`.
 */
export class JsonStreamEngine {
  /** Text not yet consumed; buf[0] is at offset `base` of the file. */
  private buf = '';
  private base = 0;
  private pos = 0;
  private line = 1;
  /** File offset where the current line starts. */
  private lineStart = 0;
  private readonly stack: number[] = [];
  private inString = false;
  private escaped = false;

  /** 'start' before the first value; 'records' while in the list of records; 'object' in a wrapper object outside it; 'after' past the end; 'whole' when held to be parsed at the end. */
  private mode: 'start' | 'records' | 'object' | 'after' | 'whole' = 'start';
  /** Stack depth of the records' list (1: a top-level list; 2: under a wrapper key). */
  private level = 1;
  private prefix: Path = [];
  /** Until the first record of a wrapper's list is known to be a record (not a ShareGPT message), the whole text is kept. */
  private keepAll = true;
  private recordStart = -1;
  private recordOrigin: Origin = { line: 1, column: 1 };
  private recordClosed = false;
  private afterComma = false;
  private records = 0;
  private shape: Shape | null = null;
  private reader: RecordReader | null = null;
  /** Depth of the wrapper object whose keys are being followed, and the (normalised) keys leading to it. */
  private objectDepth = 1;
  private keyPath: string[] = [];
  /** The same keys as the file spells them. */
  private objectKeys: string[] = [];

  // In a wrapper object: the key being read, what is expected next at depth 1, and the text outside the records.
  private keyStart = -1;
  private lastKey = '';
  private expect: 'key' | 'colon' | 'value' | 'literal' | 'comma' = 'key';
  private head = '';
  private tailStart = -1;
  private tailOrigin: Origin = { line: 1, column: 1 };

  private stopped = false;

  /** Follows what is held as one piece past GUARD_FROM: the whole document while keepAll, else the record in progress. */
  private guard: RecordGuard | null = null;
  /** File offset up to which the guard has been fed. */
  private guardFedTo = 0;
  /** The record in progress broke a bound: it is read past (brackets followed), not held. */
  private skipping = false;

  constructor(
    private readonly forced: FormatId | undefined,
    private readonly out: Collector,
    private readonly maxChars: number,
    /** Reports a problem that ends the reading (broken JSON, too large). */
    private readonly stop: (p: Problem) => void,
    private readonly bounds: { limits: ConversationLimits; recordChars: number },
  ) {}

  get buffered(): number {
    return this.buf.length + this.head.length;
  }

  push(chunk: string): void {
    if (this.stopped) return;
    this.buf += chunk;
    if (this.mode === 'whole') {
      this.watch(chunk);
      this.checkSize(this.buf.length);
      return;
    }
    this.scan(chunk);
    if (this.stopped) return;
    this.watch(chunk);
    if (this.stopped) return;
    this.trim();
    this.checkSize(this.buf.length);
  }

  /** Feeds the guard what `chunk` added to the piece held (starting it once that piece passes GUARD_FROM); refuses at the first bound broken. */
  private watch(chunk: string): void {
    if (this.stopped || this.skipping) return;
    const from = this.keepAll ? 0 : this.mode === 'records' && this.recordStart >= 0 ? this.recordStart : -1;
    if (from < 0) return;
    const end = this.base + this.buf.length;
    let text: string;
    if (!this.guard) {
      if (end - from <= GUARD_FROM) return;
      this.guard = new RecordGuard(this.bounds.limits, this.bounds.recordChars);
      text = this.buf.slice(from - this.base);
    } else {
      // Only the new chunk: slicing the held text would copy it whole at every chunk.
      const chunkStart = end - chunk.length;
      text = this.guardFedTo <= chunkStart ? chunk : chunk.slice(this.guardFedTo - chunkStart);
    }
    this.guardFedTo = end;
    const oversize = this.guard.feed(text);
    if (!oversize) return;
    const whole = this.keepAll;
    const problem: Problem = {
      severity: 'error',
      line: (whole ? 1 : this.recordOrigin.line) + oversize.newlines,
      field: oversize.field,
      message: oversize.message,
      ...(whole ? {} : { record: this.records + 1 }),
    };
    this.guard = null;
    // A document held whole cannot be read past; a record of a list is skipped and the others read on.
    if (whole) return this.halt(problem);
    this.out.problem(problem);
    this.skipping = true;
  }

  end(): JsonStreamResult {
    if (this.stopped) return { format: this.formatOf() };
    // Nothing dropped yet (no record read under a wrapper key, or not a list of records): parsed whole.
    if (this.mode === 'whole' || this.mode === 'start' || this.keepAll) return this.parseWhole();
    if (this.mode === 'records') {
      if (this.recordStart >= 0 && !this.recordClosed) {
        // The file ends inside a record: its own parse says where.
        this.finishRecord(this.base + this.buf.length);
        if (this.stopped) return { format: this.formatOf() };
      }
      this.broken(this.here(), `expected ',' or ']' but found the end of the file`);
      this.reader?.end();
      return { format: this.formatOf() };
    }
    if (this.mode === 'object') {
      this.broken(this.here(), `expected ',' or '}' but found the end of the file`);
      this.reader?.end();
      return { format: this.formatOf() };
    }
    // 'after': the records are all in; a wrapper object's other keys are the dataset's metadata.
    const datasetMetadata = this.restOfWrapper();
    // Conversations a reader held (records that belong together) come last.
    this.reader?.end();
    return { format: this.formatOf(), datasetMetadata };
  }

  private checkSize(held: number): void {
    if (held <= this.maxChars || this.stopped) return;
    const mb = Math.round(this.maxChars / 1024 / 1024);
    const message =
      this.mode === 'records'
        ? `record ${this.records + 1} is larger than ${mb} MB: too large to read in one piece`
        : `JSON file larger than ${mb} MB that is not a list of records: too large to parse in one piece; convert it to JSONL (one conversation per line), which has no size limit`;
    this.halt({ severity: 'error', line: this.line, field: '', message });
  }

  private halt(p: Problem): void {
    this.stopped = true;
    this.buf = '';
    this.head = '';
    this.stop(p);
  }

  private broken(at: Origin, detail: string): void {
    this.halt({ severity: 'error', line: at.line, column: at.column, field: '', message: `broken JSON at line ${at.line}, column ${at.column}: ${detail}` });
  }

  /** The file position of buf[pos]. */
  private here(): Origin {
    return { line: this.line, column: this.base + this.pos - this.lineStart + 1 };
  }

  private token(): string {
    return this.pos >= this.buf.length ? 'the end of the file' : `'${this.buf.slice(this.pos, this.pos + 24)}'`;
  }

  /** Drops what no longer needs keeping: everything before the record in progress (or before the scan position). */
  private trim(): void {
    if (this.keepAll || this.mode === 'whole') return;
    const keepFrom =
      this.mode === 'records' ? (this.recordStart >= 0 && !this.skipping ? this.recordStart : this.base + this.pos) - this.base : this.tailStart >= 0 ? this.tailStart - this.base : this.pos;
    if (keepFrom <= 0) return;
    this.buf = this.buf.slice(keepFrom);
    this.base += keepFrom;
    this.pos -= keepFrom;
  }

  /** Reads `chunk`, the end of buf (reading buf itself would flatten the whole held text at every chunk). */
  private scan(chunk: string): void {
    const buf = this.buf;
    const offset = buf.length - chunk.length;
    for (; this.pos < buf.length; this.pos++) {
      const c = chunk.charCodeAt(this.pos - offset);
      if (c === 10) {
        this.line++;
        this.lineStart = this.base + this.pos + 1;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;
        else if (c === 34) {
          this.inString = false;
          if (this.keyStart >= 0) {
            this.lastKey = buf.slice(this.keyStart - this.base + 1, this.pos);
            this.keyStart = -1;
            this.expect = 'colon';
          }
        }
        continue;
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      this.step(c);
      if (this.stopped || this.mode === 'whole') return;
    }
  }

  private step(c: number): void {
    const depth = this.stack.length;
    if (this.mode === 'after') {
      // Past the end of the top-level value (a wrapper object's tail is read below before that).
      this.broken(this.here(), `unexpected ${this.token()} after the end of the JSON value (one value per line is JSONL: name the file .jsonl)`);
      return;
    }
    if (this.mode === 'start') {
      if (c === 91) {
        this.mode = 'records';
        this.level = 1;
        this.keepAll = false;
        this.stack.push(c);
      } else if (c === 123) {
        this.mode = 'object';
        this.stack.push(c);
      } else this.mode = 'whole';
      return;
    }
    if (this.mode === 'records' && depth === this.level) {
      if (c === 44) {
        if (this.recordStart < 0) this.broken(this.here(), `expected a value but found ','`);
        else this.finishRecord(this.base + this.pos);
        this.afterComma = true;
        return;
      }
      if (c === 93 || c === 125) {
        if (c === 125) return this.broken(this.here(), `expected ',' or ']' but found '}'`);
        if (this.recordStart >= 0) this.finishRecord(this.base + this.pos);
        else if (this.afterComma) return this.broken(this.here(), `trailing comma or missing value before ']'`);
        if (this.stopped) return;
        this.stack.pop();
        this.closeRecords();
        return;
      }
      if (this.recordStart >= 0) {
        if (this.recordClosed) return this.broken(this.here(), `expected ',' or ']' but found ${this.token()}`);
      } else {
        this.recordStart = this.base + this.pos;
        this.recordOrigin = this.here();
        this.recordClosed = false;
        this.afterComma = false;
      }
    }
    if (this.mode === 'object' && depth === this.objectDepth) {
      if (this.objectStep(c)) return;
    }
    if (c === 91 || c === 123) {
      this.stack.push(c);
      return;
    }
    if (c === 93 || c === 125) {
      const open = this.stack.pop();
      if (open === undefined || (c === 93) !== (open === 91)) {
        return this.broken(this.here(), `expected ',' or '${open === 91 ? ']' : '}'}' but found '${String.fromCharCode(c)}'`);
      }
      if (this.mode === 'records' && this.stack.length === this.level) this.recordClosed = true;
      if (this.stack.length === 0) this.mode = 'after';
      else if (this.mode === 'object' && this.stack.length < this.objectDepth) {
        // A nested object on the way to the records ended without them: back to its parent's keys.
        this.objectDepth = this.stack.length;
        this.keyPath.pop();
        this.objectKeys.pop();
        this.expect = 'comma';
      }
      return;
    }
    if (c === 34) {
      this.inString = true;
      return;
    }
  }

  /** A character at depth 1 of a wrapper object; true when it was dealt with here. */
  private objectStep(c: number): boolean {
    if (this.expect === 'key') {
      if (c === 34) {
        this.keyStart = this.base + this.pos;
        this.inString = true;
        return true;
      }
      if (c === 125) return false; // the object's end, checked by the caller
      this.broken(this.here(), `expected a property name in double quotes but found ${this.token()}`);
      return true;
    }
    if (this.expect === 'colon') {
      if (c === 58) this.expect = 'value';
      else this.broken(this.here(), `expected ':' after the property name but found ${this.token()}`);
      return true;
    }
    if (this.expect === 'value') {
      // A number, true, false or null: read to its end (a comma or the object's end), it holds no brackets.
      this.expect = c === 91 || c === 123 || c === 34 ? 'comma' : 'literal';
      if (this.expect === 'literal' || this.tailStart >= 0) return false;
      const path = [...this.keyPath, normKey(this.lastKey)];
      if (c === 91 && RECORD_PATHS.some((p) => p.length === path.length && startsWith(path, p))) {
        // The list of records (if its first item is one): from here records are read one by one.
        this.head = this.buf.slice(0, this.base + this.pos + 1 - this.base);
        this.prefix = [...this.objectKeys, this.lastKey];
        this.mode = 'records';
        this.level = this.objectDepth + 1;
        this.stack.push(c);
        return true;
      }
      if (c === 123 && RECORD_PATHS.some((p) => p.length > path.length && startsWith(p, path))) {
        // An object on the way to a list of records: its keys are followed in turn.
        this.keyPath = path;
        this.objectKeys = [...this.objectKeys, this.lastKey];
        this.objectDepth++;
        this.expect = 'key';
        this.stack.push(c);
        return true;
      }
      return false;
    }
    if (this.expect === 'literal') {
      if (c !== 44 && c !== 125) return true;
      this.expect = 'comma';
    }
    // expect === 'comma'
    if (c === 44) {
      this.expect = 'key';
      return true;
    }
    if (c !== 125) this.broken(this.here(), `expected ',' or '}' but found ${this.token()}`);
    return c !== 125;
  }

  /** The records' list ended: a top-level list is the whole document; a wrapper object goes on. */
  private closeRecords(): void {
    if (this.level === 1) {
      this.mode = 'after';
      return;
    }
    this.mode = 'object';
    this.objectDepth = this.level - 1;
    this.expect = 'comma';
    if (this.keepAll) {
      // No record was seen (an empty list): nothing was dropped yet, keep reading as a whole object.
      this.tailStart = this.base + this.pos;
      return;
    }
    // The rest of the object is read by the same scanner and kept from here for restOfWrapper.
    this.tailStart = this.base + this.pos;
    this.tailOrigin = this.here();
  }

  private finishRecord(end: number): void {
    this.guard = null;
    if (this.skipping) {
      // Refused while it arrived (its problem is logged): nothing of it was kept.
      this.skipping = false;
      this.recordStart = -1;
      this.recordClosed = false;
      this.records++;
      return;
    }
    const text = this.buf.slice(this.recordStart - this.base, end - this.base).trimEnd();
    const origin = this.recordOrigin;
    this.recordStart = -1;
    this.recordClosed = false;
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const { line, column, detail } = parsed.error;
      this.broken({ line: origin.line + line - 1, column: line === 1 ? origin.column + column - 1 : column }, detail);
      return;
    }
    if (this.keepAll) {
      // The first item under a wrapper key: a ShareGPT message means the object is one record.
      if (isShareGptMessage(parsed.value)) {
        this.mode = 'whole';
        return;
      }
      this.keepAll = false;
    }
    if (!this.reader) {
      this.shape = this.forced && containerOf(this.forced) === 'json' ? shapeOf(this.forced) : (recordShape(parsed.value) ?? 'deepeval');
      this.reader = recordReaderFor(this.shape, this.out);
    }
    const index = this.records++;
    const path = [...this.prefix, index];
    this.reader.read(parsed.value, { line: origin.line, record: index + 1, jsonPath: path });
    if (this.out.unresolved.size > 0) resolveLines(text, this.out.unresolved, { path, ...origin });
  }

  /** As parseJsonDocument says it: none for a document that could not be read, else the first record's (deepeval when there is none). */
  private formatOf(): FormatId | null {
    if (this.stopped) return this.forced ?? null;
    return formatFor(this.shape ?? (this.forced && containerOf(this.forced) === 'json' ? shapeOf(this.forced) : 'deepeval'), 'json');
  }

  /** A wrapper object's keys other than the records, parsed from the text kept around the list. */
  private restOfWrapper(): Record<string, unknown> | undefined {
    if (this.level === 1) return undefined;
    const tail = this.buf.slice(this.tailStart - this.base);
    const text = this.head + tail;
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const { line, column, detail } = parsed.error;
      const headLines = this.head.split('\n');
      const tailLine = headLines.length;
      const tailColumn = headLines[headLines.length - 1].length + 1;
      const at = line < tailLine || (line === tailLine && column < tailColumn) ? { line, column } : line === tailLine ? { line: this.tailOrigin.line, column: this.tailOrigin.column + column - tailColumn } : { line: this.tailOrigin.line + line - tailLine, column };
      this.broken(at, detail);
      return undefined;
    }
    if (!isPlainObject(parsed.value)) return undefined;
    const rest: Record<string, unknown> = { ...parsed.value };
    // The records' (emptied) list is left out, and so is an object on the way to it once nothing else is in it.
    const owners: Record<string, unknown>[] = [rest];
    for (const key of this.prefix.slice(0, -1)) {
      const owner = owners[owners.length - 1];
      if (!isPlainObject(owner[key as string])) break;
      owner[key as string] = { ...(owner[key as string] as Record<string, unknown>) };
      owners.push(owner[key as string] as Record<string, unknown>);
    }
    if (owners.length === this.prefix.length) delete owners[owners.length - 1][this.prefix[this.prefix.length - 1] as string];
    for (let i = owners.length - 1; i > 0; i--) if (Object.keys(owners[i]).length === 0) delete owners[i - 1][this.prefix[i - 1] as string];
    return Object.keys(rest).length ? rest : undefined;
  }

  private parseWhole(): JsonStreamResult {
    const text = this.buf;
    this.buf = '';
    return parseJsonDocument(text, this.forced, this.out);
  }
}
