import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * bench:scale --log-sql: which statements each page sends to PostgreSQL and how long the server
 * waited for their answers (sql-log-preload.mjs writes them), summed per page view. Under load
 * these times include the wait for a core; the plans behind the slow ones are for EXPLAIN.
 */

export const SQL_LOG_PRELOAD = path.join(import.meta.dirname, 'sql-log-preload.mjs');

export interface SqlWindow {
  page: string;
  from: number;
  to: number;
  views: number;
}

interface Logged {
  at: number;
  ms: number;
  sql: string;
}

/** One statement's shape: whitespace folded, parameter lists of any length alike. */
const shapeOf = (sql: string) =>
  sql
    .replace(/\s+/g, ' ')
    .replace(/\$\d+(?:\s*,\s*\$\d+)+/g, '$…')
    .trim();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Per page: statements per view, their summed time per view, and the `top` costliest shapes. */
export function summarizeSqlLog(file: string, windows: SqlWindow[], top = 6): string[] {
  const logged = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Logged);
  const lines: string[] = [];
  for (const w of windows) {
    const mine = logged.filter((l) => l.at >= w.from && l.at <= w.to && !/^(BEGIN|COMMIT|ROLLBACK|SELECT 1)\b/i.test(l.sql.trim()));
    const shapes = new Map<string, number[]>();
    for (const l of mine) {
      const key = shapeOf(l.sql);
      shapes.set(key, [...(shapes.get(key) ?? []), l.ms]);
    }
    const total = mine.reduce((s, l) => s + l.ms, 0);
    lines.push(`${w.page}: ${(mine.length / w.views).toFixed(1)} statements a view, ${(total / w.views).toFixed(1)} ms of statement time a view`);
    const ranked = [...shapes].map(([sql, ms]) => ({ sql, ms, sum: ms.reduce((s, x) => s + x, 0) })).sort((a, b) => b.sum - a.sum);
    for (const s of ranked.slice(0, top)) {
      lines.push(
        `  ${(s.sum / w.views).toFixed(1).padStart(7)} ms a view  ×${(s.ms.length / w.views).toFixed(1)}  median ${median(s.ms).toFixed(1)} ms  ${s.sql.slice(0, 220)}`,
      );
    }
  }
  return lines;
}
