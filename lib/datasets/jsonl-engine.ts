import type { Collector } from './collector';
import { describe } from './fields';
import { parseJson } from './json-errors';
import { mapperFor } from './map-record';
import { shapeOf } from './formats';
import type { FormatId } from './types';

/** One JSON record per line; only the unfinished last line is held between chunks. */
export class JsonlEngine {
  private partial = '';
  private line = 0;
  private record = 0;
  private readonly map: ReturnType<typeof mapperFor>;

  constructor(
    readonly format: FormatId,
    private readonly out: Collector,
  ) {
    this.map = mapperFor(shapeOf(format), out.roleValues);
  }

  push(chunk: string): void {
    const text = this.partial + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n', this.partial.length); nl !== -1; nl = text.indexOf('\n', start)) {
      this.handle(text.slice(start, nl));
      start = nl + 1;
    }
    this.partial = text.slice(start);
  }

  end(): void {
    if (this.partial !== '') this.handle(this.partial);
    this.partial = '';
  }

  get buffered(): number {
    return this.partial.length;
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
    this.out.accept(this.map(parsed.value), { line: this.line, record: this.record });
  }
}
