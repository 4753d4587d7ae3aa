import { Unzip, UnzipInflate } from 'fflate';
import type { Problem } from '../datasets';

/*
 * What an import reads, as events: a plain file's bytes, or the files of a folder or a zip
 * archive one after another (`{ file }` starts each). Pure (no Node, no DOM): the upload route,
 * the CLI and the import page's Web Worker share it. A zip is read as it arrives (fflate's
 * streaming Unzip), never held whole.
 */

export type SourceEvent = { file: string } | { bytes: Uint8Array } | { problem: Problem };

/** Files of a folder or archive that are read; the others (attachments, manifests) are left out with one note. */
const READABLE = /\.(jsonl|ndjson|json)$/i;

export interface ArchiveLimits {
  /** Bytes an archive may unpack to, all files together. */
  maxUnpackedBytes: number;
  /** Files an archive may hold. */
  maxFiles: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxUnpackedBytes: 20 * 1024 * 1024 * 1024, maxFiles: 200_000 };

/** What an uploaded archive may unpack to: ten times what the upload may be (JSON packs about that well). */
export const archiveLimitsFor = (uploadBytes: number): ArchiveLimits => ({ maxUnpackedBytes: 10 * uploadBytes, maxFiles: DEFAULT_ARCHIVE_LIMITS.maxFiles });

/** Whether a folder's or an archive's file is read: JSON and JSONL, not macOS's resource forks. */
export function isReadableFile(name: string): boolean {
  const base = name.split('/').pop() ?? name;
  return READABLE.test(base) && !base.startsWith('._') && !name.startsWith('__MACOSX/');
}

/** The note for the files of a folder or archive that were not read. */
export function leftOutFilesProblem(names: string[]): Problem {
  const shown = names.slice(0, 3).join(', ');
  return {
    severity: 'warning',
    line: 1,
    field: '',
    message: `${names.length.toLocaleString('en-US')} ${names.length === 1 ? 'file was' : 'files were'} left out, not being JSON or JSONL (${shown}${names.length > 3 ? ', …' : ''})`,
  };
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const isZipStart = (bytes: Uint8Array): boolean => ZIP_MAGIC.every((b, i) => bytes[i] === b);

const archiveProblem = (message: string): Problem => ({ severity: 'error', line: 1, field: '', message });

/**
 * The events of a body: a zip archive's files (sniffed from its first bytes), else the body's
 * bytes as one file (no `{ file }` event: problems then name no file). Yields the events each
 * incoming chunk produced, so the caller can wait (store a batch) between chunks.
 */
export async function* bodyEvents(body: AsyncIterable<Uint8Array>, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): AsyncGenerator<SourceEvent[]> {
  const iterator = body[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < 4) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.byteLength;
  }
  const rest = async function* () {
    for (const chunk of head) yield chunk;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  };
  const first = head.length === 1 ? head[0] : concat(head, headBytes);
  if (!isZipStart(first)) {
    for await (const chunk of rest()) yield [{ bytes: chunk }];
    return;
  }
  yield* unzipEvents(rest(), limits);
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

async function* unzipEvents(chunks: AsyncIterable<Uint8Array>, limits: ArchiveLimits): AsyncGenerator<SourceEvent[]> {
  let events: SourceEvent[] = [];
  const leftOut: string[] = [];
  let unpacked = 0;
  let files = 0;
  let stopped = false;
  const stop = (message: string) => {
    if (stopped) return;
    stopped = true;
    events.push({ problem: archiveProblem(message) });
  };
  const unzip = new Unzip((file) => {
    if (stopped) return;
    if (file.name.endsWith('/')) return;
    if (!isReadableFile(file.name)) {
      leftOut.push(file.name);
      // Read and dropped: a file never started would be held by the unzipper.
      file.ondata = () => undefined;
      file.start();
      return;
    }
    if (++files > limits.maxFiles) return stop(`the archive holds more than ${limits.maxFiles.toLocaleString('en-US')} JSON files: import it in parts`);
    events.push({ file: file.name });
    file.ondata = (error, data) => {
      if (stopped) return;
      if (error) return stop(`${file.name}: cannot unpack it (${error.message}); the archive may be damaged, or use a compression other than deflate`);
      unpacked += data.byteLength;
      if (unpacked > limits.maxUnpackedBytes) return stop(`the archive unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024).toLocaleString('en-US')} MB: import it in parts`);
      if (data.byteLength > 0) events.push({ bytes: data });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of chunks) {
      if (!stopped) unzip.push(chunk);
      const out = events;
      events = [];
      yield out;
    }
    if (!stopped) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    stop(`the zip archive could not be read (${error instanceof Error ? error.message : String(error)}): it may be cut short or damaged`);
  }
  if (files === 0 && !stopped) stop(`the zip archive holds no JSON or JSONL file${leftOut.length ? ` (only ${leftOut.slice(0, 3).join(', ')}${leftOut.length > 3 ? ', …' : ''})` : ''}`);
  else if (leftOut.length > 0) events.push({ problem: leftOutFilesProblem(leftOut) });
  yield events;
}
