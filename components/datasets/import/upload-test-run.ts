'use client';

import { inCurrentProject } from '@/components/ui/project-link';

export type TestRunUploadAnswer = { ok: true; runId: string; stored: boolean; received: number; expected: number } | { ok: false; message: string };

/**
 * Sends a deepeval test run file to POST /api/v1/runs/import, which stores it as a dataset version
 * and a run. XMLHttpRequest rather than fetch: it reports upload progress.
 */
export function uploadTestRun(file: File, onProgress: (share: number) => void): { done: Promise<TestRunUploadAnswer>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<TestRunUploadAnswer>((resolve) => {
    xhr.open('POST', inCurrentProject('/api/v1/runs/import'));
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { runId?: string; stored?: boolean; received?: number; expected?: number; error?: { message?: string } } | null;
      if ((xhr.status === 201 || xhr.status === 202) && body?.runId) {
        resolve({ ok: true, runId: body.runId, stored: body.stored === true, received: body.received ?? 0, expected: body.expected ?? 0 });
      } else resolve({ ok: false, message: body?.error?.message ?? `The server answered ${xhr.status} ${xhr.statusText}; nothing was stored.` });
    };
    xhr.onerror = () => resolve({ ok: false, message: 'The upload failed (network error); nothing was stored.' });
    xhr.onabort = () => resolve({ ok: false, message: 'Upload cancelled; nothing was stored.' });
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
