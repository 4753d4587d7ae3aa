/// <reference lib="webworker" />
import { previewDatasetStream } from '@/lib/imports/preview-file';
import type { PreviewMessage, PreviewRequest } from './preview-messages';

// Parses the chosen file off the main thread: the page stays responsive for a 200 MB file.

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: PreviewMessage) => scope.postMessage(message);

async function* fileChunks(file: File): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    yield value;
  }
}

scope.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const { file, options } = event.data;
  try {
    const snapshot = await previewDatasetStream(fileChunks(file), file.size, options, (s) => post({ type: 'progress', snapshot: s }));
    post({ type: 'done', snapshot });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
