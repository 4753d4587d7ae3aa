import Papa from 'papaparse';
import { guessDelimiter } from '../datasets/csv-rows';

export interface CsvHead {
  headers: string[];
  /** Per column, its first non-empty cell among the first rows ('' when all are empty). */
  sample: string[];
  /** Per column, its distinct non-empty values among the first rows (at most MAX_VALUES). */
  values: string[][];
}

/** Data rows read to pick samples and values. */
const HEAD_ROWS = 200;
const MAX_VALUES = 20;

/**
 * The column names of a CSV file's header row, as the CSV parser names them: trimmed, a blank
 * name becomes column_N, a repeated one gets _2, _3… (these are the keys a csvMapping uses), and
 * the first row's values. Null when `text` (the start of the file) has no complete header row.
 */
export function readCsvHead(text: string): CsvHead | null {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstBreak = body.indexOf('\n');
  if (firstBreak === -1) return null;
  const parsed = Papa.parse<string[]>(body, { preview: HEAD_ROWS + 1, delimiter: guessDelimiter(body.slice(0, firstBreak)) });
  const row = parsed.data[0];
  if (!row || row.length === 0) return null;
  // The text may be the start of a longer file: when the rows ran out before HEAD_ROWS, the last
  // one may be cut (unless the text ends a line), so it is not sampled.
  const cut = parsed.data.length <= HEAD_ROWS && !text.endsWith('\n');
  const rows = parsed.data.slice(1, cut ? -1 : undefined);
  const seen = new Map<string, number>();
  const headers = row.map((h, i) => {
    const name = h.trim() || `column_${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}_${n}`;
  });
  const values = headers.map((_, i) => {
    const distinct = new Set<string>();
    for (const r of rows) {
      const cell = (r[i] ?? '').trim();
      if (cell !== '' && distinct.size < MAX_VALUES) distinct.add(cell);
    }
    return [...distinct];
  });
  return { headers, sample: headers.map((_, i) => rows.find((r) => (r[i] ?? '').trim() !== '')?.[i] ?? ''), values };
}
