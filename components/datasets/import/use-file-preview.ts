'use client';

import { useEffect, useState } from 'react';
import type { PreviewOptions, PreviewSnapshot } from '@/lib/imports/preview-file';
import type { PreviewMessage, PreviewRequest } from './preview-messages';

export interface FilePreviewState {
  snapshot: PreviewSnapshot | null;
  /** The worker itself failed (not a problem in the file). */
  error: string | null;
}

/**
 * Parses `file` in a Web Worker with `options` and returns the latest snapshot. A new file or new
 * options stop the previous worker and start again.
 */
export function useFilePreview(file: File | null, options: PreviewOptions): FilePreviewState {
  const [state, setState] = useState<FilePreviewState>({ snapshot: null, error: null });
  const key = JSON.stringify(options);
  useEffect(() => {
    if (!file) {
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
    worker.postMessage({ file, options: JSON.parse(key) as PreviewOptions } satisfies PreviewRequest);
    return () => worker.terminate();
  }, [file, key]);
  return state;
}
