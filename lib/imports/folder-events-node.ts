import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ARCHIVE_LIMITS, isReadableFile, leftOutFilesProblem, type SourceEvent } from './source-events';

/** A folder's files, recursively, as paths relative to it with '/' between parts, in name order. */
async function filesUnder(root: string, dir = '', out: string[] = []): Promise<string[]> {
  const entries = (await readdir(path.join(root, dir), { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await filesUnder(root, rel, out);
    else if (entry.isFile()) out.push(rel);
    if (out.length > DEFAULT_ARCHIVE_LIMITS.maxFiles) break;
  }
  return out;
}

/**
 * Node only: a folder's JSON and JSONL files (an `opik export` folder, Langfuse's exports side by
 * side) as the import's events, each file read as it streams; the other files are left out with
 * one note.
 */
export async function* folderEvents(root: string): AsyncGenerator<SourceEvent[]> {
  const files = await filesUnder(root);
  const readable = files.filter(isReadableFile);
  const leftOut = files.filter((f) => !isReadableFile(f));
  if (readable.length === 0) {
    yield [{ problem: { severity: 'error', line: 1, field: '', message: `the folder holds no JSON or JSONL file${leftOut.length ? ` (only ${leftOut.slice(0, 3).join(', ')}${leftOut.length > 3 ? ', …' : ''})` : ''}` } }];
    return;
  }
  if (files.length > DEFAULT_ARCHIVE_LIMITS.maxFiles) {
    yield [{ problem: { severity: 'error', line: 1, field: '', message: `the folder holds more than ${DEFAULT_ARCHIVE_LIMITS.maxFiles.toLocaleString('en-US')} files: import it in parts` } }];
    return;
  }
  for (const rel of readable) {
    yield [{ file: rel }];
    for await (const chunk of createReadStream(path.join(root, rel), { highWaterMark: 1024 * 1024 })) yield [{ bytes: chunk as Buffer }];
  }
  if (leftOut.length > 0) yield [{ problem: leftOutFilesProblem(leftOut) }];
}
