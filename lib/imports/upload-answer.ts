import type { Problem } from '../datasets/types';

export type UploadAnswer =
  | { ok: true; datasetId: string }
  | { ok: false; message: string; problems: Problem[]; fieldErrors?: Record<string, string[]> };

type AnswerBody = { datasetId?: string; error?: { message?: string; problems?: Problem[]; fieldErrors?: Record<string, string[]> } } | null;

/**
 * What the import wizard makes of the upload route's answer: 201 with the stored dataset,
 * otherwise the API's error shape, `{ error: { code, message, problems?, fieldErrors? } }`.
 * Runs in the browser: it imports no server module.
 */
export function readUploadAnswer(status: number, statusText: string, body: unknown): UploadAnswer {
  const answer = body as AnswerBody;
  if (status === 201 && answer?.datasetId) return { ok: true, datasetId: answer.datasetId };
  return {
    ok: false,
    message: answer?.error?.message ?? `The server answered ${status} ${statusText}; nothing was stored.`,
    problems: answer?.error?.problems ?? [],
    fieldErrors: answer?.error?.fieldErrors,
  };
}
