'use client';

import { useEffect, useState } from 'react';
import type { PreviewOptions, PreviewSnapshot } from '@/lib/imports/preview-file';
import { pathOf } from './file-drop';
import type { PreviewMessage, PreviewRequest } from './preview-messages';

export interface FilePreviewState {
  snapshot: PreviewSnapshot | null;
  /** The worker itself failed (not a problem in the file). */
  error: string | null;
}

/**
 * Parses `files` (one file, a zip archive, or a folder's files) in a Web Worker with `options`
 * and returns the latest snapshot. New files or new options stop the previous worker and start again.
 */
export function useFilePreview(files: File[] | null, options: PreviewOptions): FilePreviewState {
  const [state, setState] = useState<FilePreviewState>({ snapshot: null, error: null });
  const key = JSON.stringify(options);
  useEffect(() => {
    if (!files || files.length === 0) {
      setState({ snapshot: null, error: null });
      return;
    }
    setState({ snapshot: null, error: null });
    const worker = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PreviewMessage>) => {
      const message = event.data;
      if (message.type === 'failed') setState({ snapshot: null, error: message.message });
      else setState({ snapshot: message.snapshot, error: null });
      if (message.type !== 'progress') worker.terminate();
    };
    worker.onerror = (event) => {
      setState({ snapshot: null, error: event.message || 'The file could not be read in the browser.' });
      worker.terminate();
    };
    const parsed = JSON.parse(key) as PreviewOptions;
    const request: PreviewRequest = files.length === 1 && !files[0].webkitRelativePath ? { file: files[0], options: parsed } : { files: files.map((file) => ({ file, path: pathOf(file) })), options: parsed };
    worker.postMessage(request);
    return () => worker.terminate();
  }, [files, key]);
  return state;
}
