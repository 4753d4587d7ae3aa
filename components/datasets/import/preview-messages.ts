import type { PreviewOptions, PreviewSnapshot } from '@/lib/imports/preview-file';

/** Main thread → preview worker: one file (which may be a zip archive), or the files of a folder with their paths. */
export type PreviewRequest = { file: File; options: PreviewOptions } | { files: { file: File; path: string }[]; options: PreviewOptions };

/** Preview worker → main thread. */
export type PreviewMessage =
  | { type: 'progress'; snapshot: PreviewSnapshot }
  | { type: 'done'; snapshot: PreviewSnapshot }
  | { type: 'failed'; message: string };
