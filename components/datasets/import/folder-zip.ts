'use client';

import { Zip, ZipPassThrough } from 'fflate';
import { isReadableFile } from '@/lib/imports/source-events';
import { pathOf } from './file-drop';

/** The name a set of files is imported under: the folder's, or the first file's with how many more. */
export function bundleName(files: File[]): string {
  const top = pathOf(files[0]).split('/')[0];
  if (files.every((f) => pathOf(f).startsWith(`${top}/`))) return top;
  const first = files[0].name.replace(/\.(jsonl|ndjson|json|csv|tsv|zip)$/i, '');
  return files.length === 1 ? first : `${first} and ${files.length - 1} more`;
}

/** The files a folder import reads, in path order (the server reads a zip in the same order). */
export const readableFiles = (files: File[]): File[] => files.filter((f) => isReadableFile(pathOf(f))).sort((a, b) => (pathOf(a) < pathOf(b) ? -1 : pathOf(a) > pathOf(b) ? 1 : 0));

/**
 * Several files as one zip archive (stored, not compressed: CRCs only), for the upload route,
 * which reads an archive file by file as it arrives. Only the JSON and JSONL files go in.
 */
export async function zipFiles(files: File[]): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else parts.push(chunk as Uint8Array<ArrayBuffer>);
  });
  for (const file of readableFiles(files)) {
    const entry = new ZipPassThrough(pathOf(file));
    zip.add(entry);
    const reader = file.stream().getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      entry.push(value);
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failure) throw failure;
  return new Blob(parts, { type: 'application/zip' });
}
