'use client';

import { inCurrentProject } from '@/components/ui/project-link';
import type { ImportOptionsInput } from '@/lib/imports/import-options';
import { importOptionsToSearchParams } from '@/lib/imports/import-options';
import { readUploadAnswer, type UploadAnswer } from '@/lib/imports/upload-answer';

/**
 * Sends the file's bytes (or a zip archive of a folder's files) to the upload route, which parses and stores them as they arrive.
 * XMLHttpRequest rather than fetch: it reports upload progress.
 */
export function uploadDataset(file: Blob, options: ImportOptionsInput, onProgress: (share: number) => void): { done: Promise<UploadAnswer>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadAnswer>((resolve) => {
    xhr.open('POST', inCurrentProject(`/api/datasets/import?${importOptionsToSearchParams(options)}`));
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve(readUploadAnswer(xhr.status, xhr.statusText, xhr.response));
    xhr.onerror = () => resolve({ ok: false, message: 'The upload failed (network error); nothing was stored.', problems: [] });
    xhr.onabort = () => resolve({ ok: false, message: 'Upload cancelled; nothing was stored.', problems: [] });
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
