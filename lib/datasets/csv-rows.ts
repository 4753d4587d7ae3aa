import Papa from 'papaparse';

export interface CsvRow {
  fields: string[];
  /** 1-based line where the row starts (a quoted cell may span several lines). */
  line: number;
  /** Its quotes are broken (reported once): its cells cannot be trusted. */
  malformed?: boolean;
}

export interface CsvRowError {
  line: number;
  message: string;
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
 * Feeds text in chunks to papaparse's own parser and hands back complete rows with the line each
 * starts on; only the unfinished last row is kept between chunks.
 */
export class CsvRowReader {
  private buffer = '';
  private line = 1;
  private delimiter: string | null = null;
  private newline: '\n' | '\r\n' = '\n';

  constructor(
    private readonly onRow: (row: CsvRow) => void,
    private readonly onError: (error: CsvRowError) => void,
  ) {}

  push(chunk: string): void {
    this.buffer += chunk;
    if (this.delimiter === null) {
      const end = this.buffer.indexOf('\n');
      if (end === -1) return; // wait for the whole header line
      this.delimiter = guessDelimiter(this.buffer.slice(0, end));
      this.newline = guessNewline(this.buffer);
    }
    this.run(true);
  }

  end(): void {
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
