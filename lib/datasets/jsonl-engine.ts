import type { Collector } from './collector';
import { describe } from './fields';
import { parseJson } from './json-errors';
import { shapeOf } from './formats';
import { recordReaderFor, type RecordReader } from './record-reader';
import { GUARD_FROM, RecordGuard, type Oversize } from './record-guard';
import type { FormatId } from './types';
import type { ConversationLimits } from './value-checks';

/**
 * One JSON record per line. Only the unfinished line is held between chunks, as pieces (joined
 * once, when its newline comes); a line past GUARD_FROM characters is followed by a RecordGuard,
 * and one that breaks a bound is refused there and skipped to its end without being held.
 */
export class JsonlEngine {
  private pieces: string[] = [];
  private held = 0;
  /** Lines ended so far. */
  private line = 0;
  private record = 0;
  private guard: RecordGuard | null = null;
  /** The current line broke a bound: the rest of it is read past, not held. */
  private skipping = false;
  private readonly reader: RecordReader;

  constructor(
    readonly format: FormatId,
    private readonly out: Collector,
    private readonly limits: ConversationLimits,
    private readonly recordChars: number,
  ) {
    this.reader = recordReaderFor(shapeOf(format), out);
  }

  push(chunk: string): void {
    let start = 0;
    // Only the new chunk is searched: the held line is never scanned again.
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      this.hold(chunk.slice(start, nl));
      this.endLine();
      start = nl + 1;
    }
    if (start < chunk.length) this.hold(start === 0 ? chunk : chunk.slice(start));
  }

  end(): void {
    if (this.held > 0 || this.skipping) this.endLine();
    this.reader.end();
  }

  get buffered(): number {
    return this.held;
  }

  private hold(piece: string): void {
    if (this.skipping || piece === '') return;
    this.pieces.push(piece);
    this.held += piece.length;
    let oversize: Oversize | null = null;
    if (this.guard) oversize = this.guard.feed(piece);
    else if (this.held > GUARD_FROM) {
      this.guard = new RecordGuard(this.limits, this.recordChars);
      for (const p of this.pieces) if ((oversize = this.guard.feed(p))) break;
    }
    if (!oversize) return;
    this.record++;
    this.out.problem({ severity: 'error', line: this.line + 1, field: oversize.field, message: oversize.message, record: this.record });
    this.skipping = true;
    this.pieces = [];
    this.held = 0;
    this.guard = null;
  }

  private endLine(): void {
    const text = this.pieces.length === 1 ? this.pieces[0] : this.pieces.join('');
    const skipped = this.skipping;
    this.pieces = [];
    this.held = 0;
    this.guard = null;
    this.skipping = false;
    if (skipped) {
      this.line++;
      return;
    }
    this.handle(text);
  }

  private handle(raw: string): void {
    this.line++;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (this.line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.trim() === '') return;
    this.record++;
    const parsed = parseJson(text);
    if (!parsed.ok) {
      this.out.problem({
        severity: 'error',
        line: this.line,
        column: parsed.error.column,
        field: '',
        message: `broken JSON at line ${this.line}, column ${parsed.error.column}: ${parsed.error.detail}`,
        record: this.record,
      });
      return;
    }
    if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
      this.out.problem({
        severity: 'error',
        line: this.line,
        field: '',
        message: `expected one JSON object per line, found ${describe(parsed.value)}`,
        record: this.record,
      });
      return;
    }
    this.out.recordKeys ??= Object.keys(parsed.value);
    this.reader.read(parsed.value, { line: this.line, record: this.record });
  }
}
