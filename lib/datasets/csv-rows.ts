import Papa from 'papaparse';

export interface CsvRow {
  fields: string[];
  /** 1-based line where the row starts (a quoted cell may span several lines). */
  line: number;
  /** Its quotes are broken (reported once): its cells cannot be trusted. */
  malformed?: boolean;
  /** Refused while it arrived (reported once): `fields` are its cells before the one that broke a bound. */
  oversize?: boolean;
}

/** The most characters one cell of a column may hold while it arrives, and the limit its message names. */
export type CellLimit = (column: number) => { trip: number; max: number; setting?: string };

export interface CsvBounds {
  /** Characters of one row. */
  rowChars: number;
  cellLimit: CellLimit;
  /** The name of a column, for the problem. */
  columnName: (column: number) => string;
}

export interface CsvRowError {
  line: number;
  message: string;
  /** The column (0-based) the error is in, when one is. */
  column?: number;
}

/** The delimiter the header line uses most among `,` `;` and tab (Excel in many locales writes `;`). */
export function guessDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ',';
}

const guessNewline = (text: string): '\n' | '\r\n' => {
  const i = text.indexOf('\n');
  return i > 0 && text[i - 1] === '\r' ? '\r\n' : '\n';
};

/**
 * Follows one CSV row as it arrives (quotes, delimiters, cell lengths) until its end, without
 * holding it: finds the end of a long row, and the first cell or the row that breaks a bound.
 */
class RowTracker {
  private inQuotes = false;
  private column = 0;
  private cellChars = 0;
  private rowChars = 0;
  /** Newlines inside the row so far (quoted cells may span lines). */
  newlines = 0;
  oversize: { column: number; message: string } | null = null;

  constructor(
    private readonly delimiter: number,
    private readonly bounds: CsvBounds,
  ) {}

  /** Reads `text` on from where the row is; the offset just past the row's newline, or -1 when it goes on. */
  feed(text: string): number {
    let limit = this.bounds.cellLimit(this.column);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34 /* " */) this.inQuotes = !this.inQuotes;
      else if (!this.inQuotes && c === this.delimiter) {
        this.column++;
        this.cellChars = -1;
        limit = this.bounds.cellLimit(this.column);
      } else if (c === 10 /* \n */) {
        if (!this.inQuotes) return i + 1;
        this.newlines++;
      }
      this.cellChars++;
      this.rowChars++;
      if (this.oversize || (this.cellChars <= limit.trip && this.rowChars <= this.bounds.rowChars)) continue;
      this.oversize =
        this.cellChars > limit.trip
          ? { column: this.column, message: `the cell has more than ${n2(limit.trip)} characters: at most ${n2(limit.max)} are accepted${limit.setting ? ` (${limit.setting})` : ''}` }
          : { column: this.column, message: `the row is longer than ${n2(this.bounds.rowChars)} characters, the most one line, record or row may hold` };
    }
    return -1;
  }
}

const n2 = (x: number) => x.toLocaleString('en-US');

/** Rows held past this many characters are followed by a RowTracker instead of being parsed again at every chunk. */
const TRACK_FROM = 256 * 1024;

/**
 * Feeds text in chunks to papaparse's own parser and hands back complete rows with the line each
 * starts on; only the unfinished last row is kept between chunks. A row past TRACK_FROM is
 * followed by a RowTracker until its end (parsed once then), and one that breaks a bound is
 * handed on as `oversize` and read past without being held.
 */
export class CsvRowReader {
  private buffer = '';
  private line = 1;
  private delimiter: string | null = null;
  private newline: '\n' | '\r\n' = '\n';
  private tracker: RowTracker | null = null;
  /** The row in progress broke a bound: the tracker reads past the rest of it. */
  private skipping = false;
  /** The header broke a bound: nothing after it can be read. */
  private dead = false;

  constructor(
    private readonly onRow: (row: CsvRow) => void,
    private readonly onError: (error: CsvRowError) => void,
    private readonly bounds?: CsvBounds,
  ) {}

  push(chunk: string): void {
    if (this.dead) return;
    if (this.delimiter === null) {
      this.buffer += chunk;
      // Only the new chunk is searched for the header's end.
      if (chunk.indexOf('\n') === -1) {
        if (this.bounds && this.buffer.length > this.bounds.rowChars) this.refuseHeader();
        return; // wait for the whole header line
      }
      const end = this.buffer.indexOf('\n');
      this.delimiter = guessDelimiter(this.buffer.slice(0, end));
      this.newline = guessNewline(this.buffer);
      this.runAndTrack();
      return;
    }
    if (!this.tracker) {
      this.buffer += chunk;
      this.runAndTrack();
      return;
    }
    const end = this.tracker.feed(chunk);
    if (this.tracker.oversize && !this.skipping) this.refuseRow();
    if (end === -1) {
      if (!this.skipping) this.buffer += chunk;
      return;
    }
    const rest = chunk.slice(end);
    if (this.skipping) {
      this.line += this.tracker.newlines + 1;
      this.skipping = false;
      this.buffer = rest;
    } else this.buffer += chunk;
    this.tracker = null;
    this.runAndTrack();
  }

  private runAndTrack(): void {
    this.run(true);
    if (!this.bounds || this.buffer.length <= TRACK_FROM) return;
    this.tracker = new RowTracker((this.delimiter ?? ',').charCodeAt(0), this.bounds);
    const end = this.tracker.feed(this.buffer);
    if (this.tracker.oversize) this.refuseRow();
    // A tracker that found the row's end: the rest is parsed as usual at the next chunk.
    if (end !== -1 && !this.skipping) this.tracker = null;
    else if (end !== -1) {
      const rest = this.buffer.slice(end);
      this.line += this.tracker.newlines + 1;
      this.skipping = false;
      this.tracker = null;
      this.buffer = rest;
      this.runAndTrack();
    }
  }

  /** The row in progress broke a bound: its first cells go on (to say which conversation it was), the rest is read past. */
  private refuseRow(): void {
    const oversize = this.tracker!.oversize!;
    const head = Papa.parse<string[]>(this.buffer.slice(0, 64 * 1024), { delimiter: this.delimiter ?? ',', newline: this.newline }).data[0] ?? [];
    const fields = head.slice(0, oversize.column);
    this.onError({ line: this.line, message: oversize.message, column: oversize.column });
    this.onRow({ fields, line: this.line, oversize: true });
    this.skipping = true;
    this.buffer = '';
  }

  private refuseHeader(): void {
    this.onError({ line: 1, message: `the header line is longer than ${n2(this.bounds!.rowChars)} characters, the most one line, record or row may hold` });
    this.buffer = '';
    this.dead = true;
  }

  end(): void {
    if (this.dead || this.skipping) {
      this.buffer = '';
      return;
    }
    if (this.delimiter === null) {
      this.delimiter = guessDelimiter(this.buffer);
      this.newline = guessNewline(this.buffer);
    }
    this.run(false);
    this.buffer = '';
  }

  /** Characters held back waiting for the rest of a row. */
  get buffered(): number {
    return this.buffer.length;
  }

  private run(ignoreLastRow: boolean): void {
    const input = this.buffer;
    let consumed = 0;
    const parser = new Papa.Parser({
      delimiter: this.delimiter ?? ',',
      newline: this.newline,
      step: (results: Papa.ParseStepResult<string[][]>) => {
        const end = results.meta.cursor;
        const line = this.line;
        let breaks = 0;
        for (let i = input.indexOf('\n', consumed); i !== -1 && i < end; i = input.indexOf('\n', i + 1)) breaks++;
        this.line += breaks;
        consumed = end;
        // The CSV parser reports a bad quote once per stray character, and an unclosed one on top:
        // the row gets one error, the one that says most.
        if (results.errors.length > 0) {
          const message = results.errors.some((e) => e.code === 'MissingQuotes')
            ? `unterminated quoted cell starting on line ${line}: a '"' opens a cell that never closes`
            : `malformed quotes in the row starting on line ${line}: a quote inside a quoted cell must be doubled ("")`;
          this.onError({ line, message });
        }
        const fields = results.data[0];
        if (!fields || (fields.length === 1 && fields[0].trim() === '')) return; // blank line
        this.onRow(results.errors.length > 0 ? { fields, line, malformed: true } : { fields, line });
      },
    });
    parser.parse(input, 0, ignoreLastRow);
    this.buffer = input.slice(consumed);
  }
}
