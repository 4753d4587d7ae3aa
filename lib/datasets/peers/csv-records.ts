import type { Collector } from '../collector';
import { CsvRowReader, type CsvRow } from '../csv-rows';
import { mapperFor } from '../map-record';
import { stripBom } from '../text-checks';
import type { ConversationLimits } from '../value-checks';

/**
 * A CSV whose rows are records of a tracing tool's export (Langfuse's batch and blob exports of
 * traces, observations and scores): each row becomes an object of its header's names and its
 * cells (objects in cells are JSON text, which the record's reader parses where it needs to), read
 * by the same mapper as the JSON and JSONL exports. Only the unfinished row is held.
 */
export class CsvRecordEngine {
  private headers: string[] | null = null;
  private readonly reader: CsvRowReader;
  private readonly map: ReturnType<typeof mapperFor>;
  private rows = 0;

  constructor(
    private readonly out: Collector,
    bounds: { limits: ConversationLimits; recordChars: number },
  ) {
    this.map = mapperFor('langfuse', out.roleValues, out.threadOptions);
    this.reader = new CsvRowReader(
      (row) => this.row(row),
      (e) => this.out.problem({ severity: 'error', line: e.line, field: e.column === undefined ? '' : (this.headers?.[e.column] ?? `column ${e.column + 1}`), message: e.message }),
      { rowChars: bounds.recordChars, cellLimit: () => ({ trip: bounds.recordChars, max: bounds.recordChars }), columnName: (column) => this.headers?.[column] ?? `column ${column + 1}` },
    );
  }

  push(chunk: string): void {
    this.reader.push(chunk);
  }

  end(): void {
    this.reader.end();
  }

  get buffered(): number {
    return this.reader.buffered;
  }

  private row(row: CsvRow): void {
    if (this.headers === null) {
      this.headers = row.fields.map((h, i) => (i === 0 ? stripBom(h) : h).trim());
      return;
    }
    this.rows++;
    if (row.oversize || row.malformed) return; // reported by the reader
    if (row.fields.length !== this.headers.length) {
      this.out.problem({ severity: 'error', line: row.line, field: '', message: `row ${this.rows} (line ${row.line}) has ${row.fields.length} fields, header has ${this.headers.length}`, record: this.rows });
      return;
    }
    const record: Record<string, unknown> = {};
    this.headers.forEach((h, i) => {
      if (row.fields[i] !== '') record[h] = row.fields[i];
    });
    this.out.accept(this.map(record), { line: row.line, record: this.rows });
  }
}
