import Papa from 'papaparse';
import { guessDelimiter } from '../datasets/csv-rows';

export interface CsvHead {
  headers: string[];
  /** The first data row's cells (empty strings when there is none yet). */
  sample: string[];
}

/**
 * The column names of a CSV file's header row, as the CSV parser names them: trimmed, a blank
 * name becomes column_N, a repeated one gets _2, _3… (these are the keys a csvMapping uses), and
 * the first row's values. Null when `text` (the start of the file) has no complete header row.
 */
export function readCsvHead(text: string): CsvHead | null {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstBreak = body.indexOf('\n');
  if (firstBreak === -1) return null;
  const parsed = Papa.parse<string[]>(body, { preview: 2, delimiter: guessDelimiter(body.slice(0, firstBreak)) });
  const row = parsed.data[0];
  if (!row || row.length === 0) return null;
  const first = parsed.data[1] ?? [];
  const seen = new Map<string, number>();
  const headers = row.map((h, i) => {
    const name = h.trim() || `column_${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}_${n}`;
  });
  return { headers, sample: headers.map((_, i) => first[i] ?? '') };
}
