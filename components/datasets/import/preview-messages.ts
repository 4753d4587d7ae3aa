import type { PreviewOptions, PreviewSnapshot } from '@/lib/imports/preview-file';

/** Main thread → preview worker. */
export interface PreviewRequest {
  file: File;
  options: PreviewOptions;
}

/** Preview worker → main thread. */
export type PreviewMessage =
  | { type: 'progress'; snapshot: PreviewSnapshot }
  | { type: 'done'; snapshot: PreviewSnapshot }
  | { type: 'failed'; message: string };
