import { z } from 'zod';
import { exportDeepevalJson, exportJsonl, exportLongCsv } from '../datasets';
import type { Db } from '../db/db-types';
import { datasetConversationPages } from '../db/queries/datasets/conversation-pages';
import type { Conversation } from '../domain/conversation';
import { textByteStream } from '../streams/text-stream';

export const EXPORT_FORMATS = {
  'deepeval-json': { label: 'deepeval JSON', extension: 'json', contentType: 'application/json; charset=utf-8', write: exportDeepevalJson },
  jsonl: { label: 'JSONL', extension: 'jsonl', contentType: 'application/x-ndjson; charset=utf-8', write: exportJsonl },
  'long-csv': { label: 'CSV (one row per turn)', extension: 'csv', contentType: 'text/csv; charset=utf-8', write: exportLongCsv },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;
export const exportFormatSchema = z.enum(Object.keys(EXPORT_FORMATS) as [ExportFormat, ...ExportFormat[]]);

/**
 * Runs one of lib/datasets' synchronous exporters over conversations that arrive asynchronously.
 * The exporters yield one chunk per conversation (after an optional header), so they take at most
 * one conversation per step: before each step we make sure one is waiting, or that there are none
 * left. An exporter that read further ahead would throw rather than end the file early.
 */
export async function* exportChunks(
  write: (conversations: Iterable<Conversation>) => Generator<string, void, undefined>,
  pages: AsyncIterable<Conversation[]>,
): AsyncGenerator<string> {
  let queue: Conversation[] = [];
  let next = 0;
  let exhausted = false;
  const source: Iterable<Conversation> = {
    [Symbol.iterator]: () => ({
      next: (): IteratorResult<Conversation> => {
        if (next < queue.length) return { value: queue[next++], done: false };
        if (exhausted) return { value: undefined, done: true };
        throw new Error('exporter read past the conversations loaded so far');
      },
    }),
  };
  const pageIterator = pages[Symbol.asyncIterator]();
  const writer = write(source);
  for (;;) {
    while (next >= queue.length && !exhausted) {
      const page = await pageIterator.next();
      if (page.done) exhausted = true;
      else {
        queue = page.value;
        next = 0;
      }
    }
    const step = writer.next();
    if (step.done) return;
    yield step.value;
  }
}

/** The export file of a dataset as a byte stream, read from the database while it is sent. */
export function exportDatasetStream(db: Db, datasetId: string, format: ExportFormat): ReadableStream<Uint8Array> {
  return textByteStream(exportChunks(EXPORT_FORMATS[format].write, datasetConversationPages(db, datasetId)));
}

/** `support chats (v2)` → `support-chats-v2.jsonl`. */
export function exportFileName(datasetName: string, format: ExportFormat): string {
  const base =
    datasetName
      .normalize('NFKD')
      .replace(/[^\w\s.-]/g, '')
      .trim()
      .replace(/[\s.]+/g, '-')
      .replace(/-+/g, '-')
      .toLowerCase()
      .slice(0, 80) || 'dataset';
  return `${base}.${EXPORT_FORMATS[format].extension}`;
}
