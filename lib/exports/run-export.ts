import Papa from 'papaparse';
import { z } from 'zod';
import { neutraliseCell } from '../datasets/csv-cells';
import type { Db } from '../db/db-types';
import { textByteStream } from '../streams/text-stream';
import { listResultBatch } from '../db/queries/results/list-result-batch';
import type { ResultRow } from '../domain/result-row';
import type { RunInfo } from './run-info';

export const RUN_EXPORT_FORMATS = ['csv', 'json'] as const;
export const RUN_EXPORT_LEVELS = ['results', 'verdicts'] as const;
export type RunExportFormat = (typeof RUN_EXPORT_FORMATS)[number];
export type RunExportLevel = (typeof RUN_EXPORT_LEVELS)[number];

/** ?format=csv|json&level=results|verdicts (CSV of results by default). */
export const runExportQuerySchema = z.object({
  format: z.enum(RUN_EXPORT_FORMATS, { error: `expected one of ${RUN_EXPORT_FORMATS.join(', ')}` }).default('csv'),
  level: z.enum(RUN_EXPORT_LEVELS, { error: `expected one of ${RUN_EXPORT_LEVELS.join(', ')}` }).default('results'),
});
export type RunExportQuery = z.output<typeof runExportQuerySchema>;

export const RUN_EXPORT_CONTENT_TYPES: Record<RunExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Conversations whose results are read per query while exporting. */
const PAGE_CONVERSATIONS = 200;

export const RESULT_CSV_COLUMNS = [
  'conversation_key',
  'conversation_name',
  'conversation_position',
  'metric',
  'score',
  'success',
  'threshold',
  'reason',
  'error',
  'warnings',
] as const;
export const VERDICT_CSV_COLUMNS = [
  'conversation_key',
  'conversation_name',
  'conversation_position',
  'turn',
  'metric',
  'verdict',
  'score',
  'reason',
  'vote_share',
] as const;

/** A run's results page by page, read from the database while the export is sent. */
export async function* runResultPages(db: Db, run: { id: string; datasetId: string }, pageSize = PAGE_CONVERSATIONS): AsyncGenerator<ResultRow[]> {
  let after = -1;
  for (;;) {
    const { rows, lastPosition } = await listResultBatch(db, run, { afterPosition: after, take: pageSize });
    if (lastPosition === null) return;
    if (rows.length > 0) yield rows;
    after = lastPosition;
  }
}

// Same quoting as the dataset export: a cell a spreadsheet would run as a formula gets a quote.
const csvLine = (cells: string[]): string =>
  `${Papa.unparse([cells.map(neutraliseCell)], { header: false, newline: '\r\n', escapeFormulae: false })}\r\n`;
const num = (x: number | null): string => (x === null ? '' : String(x));
const text = (s: string | null): string => s ?? '';

/** CSV text: a header, then one line per result (results) or per turn verdict (verdicts). */
export async function* runCsvChunks(level: RunExportLevel, pages: AsyncIterable<ResultRow[]>): AsyncGenerator<string> {
  yield csvLine([...(level === 'results' ? RESULT_CSV_COLUMNS : VERDICT_CSV_COLUMNS)]);
  for await (const page of pages) {
    let chunk = '';
    for (const r of page) {
      const who = [r.conversation.key, text(r.conversation.name), String(r.conversation.position)];
      if (level === 'results') {
        chunk += csvLine([...who, r.metric, num(r.score), String(r.success), String(r.threshold), text(r.reason), text(r.error), r.warnings.join('\n')]);
      } else {
        for (const v of r.verdicts) chunk += csvLine([...who, String(v.turn), r.metric, v.verdict, num(v.score), v.reason, num(v.voteShare)]);
      }
    }
    if (chunk) yield chunk;
  }
}

/**
 * JSON text: `{ "run": …, "results": [ … ] }`, each result with its verdicts, or with
 * level=verdicts `{ "run": …, "verdicts": [ … ] }`, one entry per turn verdict. Written entry
 * by entry, so the document is never held whole.
 */
export async function* runJsonChunks(run: RunInfo, level: RunExportLevel, pages: AsyncIterable<ResultRow[]>): AsyncGenerator<string> {
  yield `{"run":${JSON.stringify(run)},"${level}":[`;
  let first = true;
  const entry = (value: unknown) => {
    const out = `${first ? '\n' : ',\n'}${JSON.stringify(value)}`;
    first = false;
    return out;
  };
  for await (const page of pages) {
    let chunk = '';
    for (const r of page) {
      if (level === 'results') chunk += entry(r);
      else for (const v of r.verdicts) chunk += entry({ conversation: r.conversation, metric: r.metric, ...v });
    }
    if (chunk) yield chunk;
  }
  yield `${first ? '' : '\n'}]}\n`;
}

/** A run's export as a byte stream that reads the database only as fast as the client takes it. */
export function exportRunStream(db: Db, run: RunInfo, query: RunExportQuery, pageSize = PAGE_CONVERSATIONS): ReadableStream<Uint8Array> {
  const pages = runResultPages(db, run, pageSize);
  return textByteStream(query.format === 'csv' ? runCsvChunks(query.level, pages) : runJsonChunks(run, query.level, pages));
}

/** `run-<id>-results.csv`, `run-<id>-verdicts.json`. */
export const runExportFileName = (runId: string, query: RunExportQuery): string =>
  `run-${runId.replace(/[^\w-]/g, '')}-${query.level}.${query.format}`;
