/// <reference lib="webworker" />
import { previewDatasetStream, previewSource, type PreviewSnapshot } from '@/lib/imports/preview-file';
import { isReadableFile, leftOutFilesProblem, type SourceEvent } from '@/lib/imports/source-events';
import type { PreviewMessage, PreviewRequest } from './preview-messages';

// Parses the chosen file (or folder) off the main thread: the page stays responsive for a 200 MB file.

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: PreviewMessage) => scope.postMessage(message);

async function* fileChunks(file: File, counter?: { bytes: number }): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    if (counter) counter.bytes += value.byteLength;
    yield value;
  }
}

/** A folder's files as the import reads them: its JSON and JSONL files in path order, the others noted. */
async function* folderEvents(files: { file: File; path: string }[], counter: { bytes: number }): AsyncGenerator<SourceEvent[]> {
  const readable = files.filter((f) => isReadableFile(f.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const leftOut = files.filter((f) => !isReadableFile(f.path)).map((f) => f.path);
  if (readable.length === 0) {
    yield [{ problem: { severity: 'error', line: 1, field: '', message: 'none of the files chosen is JSON or JSONL' } }];
    return;
  }
  for (const { file, path } of readable) {
    yield [{ file: path }];
    for await (const bytes of fileChunks(file, counter)) yield [{ bytes }];
  }
  if (leftOut.length > 0) yield [{ problem: leftOutFilesProblem(leftOut) }];
}

scope.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const request = event.data;
  const progress = (s: PreviewSnapshot) => post({ type: 'progress', snapshot: s });
  try {
    const snapshot =
      'file' in request
        ? await previewDatasetStream(fileChunks(request.file), request.file.size, request.options, progress)
        : await (() => {
            const counter = { bytes: 0 };
            const total = request.files.filter((f) => isReadableFile(f.path)).reduce((n, f) => n + f.file.size, 0);
            return previewSource(folderEvents(request.files, counter), total, request.options, progress, counter);
          })();
    post({ type: 'done', snapshot });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
