import type { z } from 'zod';
import { BUSY_RETRY_AFTER_S } from '../db/busy-error';
import { databaseErrorOf } from '../db/database-error';
import { isAppError, type AppErrorCode } from '../errors';
import { redactSecrets } from '../redact-secrets';

/** The codes an API error carries: AppError's, plus the ones only HTTP has. */
export type ApiErrorCode = AppErrorCode | 'METHOD_NOT_ALLOWED';

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; field?: string } & Record<string, unknown>;
}

const STATUS: Record<ApiErrorCode, number> = {
  BAD_INPUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  // A method the route does not serve (Next would answer an empty 405 itself).
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  TOO_LARGE: 413,
  // The request is well formed but the server's configuration cannot serve it (a judge without its key).
  CONFIG: 422,
  JUDGE: 502,
  BUSY: 503,
  // 507 Insufficient Storage: the request may succeed once space is freed.
  DISK_FULL: 507,
  // Unavailable for writes until the operator makes the database writable again.
  READ_ONLY: 503,
  INTERNAL: 500,
};

/** `{ error: { code, message, field? } }` with the status its code maps to. */
export function apiError(code: ApiErrorCode, message: string, extra: { field?: string } & Record<string, unknown> = {}, init: ResponseInit = {}): Response {
  const body: ApiErrorBody = { error: { code, message, ...extra } };
  return Response.json(body, { ...init, status: STATUS[code] });
}

/** A zod issue path as the API names fields: `options.turn_faithfulness.windowSize`, `metrics.1`. */
export const fieldOf = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/** The first issue of a failed parse as a 400 naming its field. */
export function validationError(error: z.ZodError, fieldFor: (path: readonly PropertyKey[]) => string = fieldOf): Response {
  const issue = error.issues[0];
  let path: readonly PropertyKey[] = issue?.path ?? [];
  // An unknown key is reported on its parent; name the key itself.
  if (issue?.code === 'unrecognized_keys' && issue.keys.length > 0) path = [...path, issue.keys[0]];
  const field = fieldFor(path);
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid request';
  return apiError('BAD_INPUT', message, field ? { field } : {});
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one place an API route turns a thrown error into an answer: AppErrors keep their code,
 * message and field (a busy database is a 503 with Retry-After, a full disk a 507, a read-only
 * database a 503 that says why, with what the thrower put under `details.answer`); anything else is logged and answered with a message that leaks nothing.
 */
export function errorResponse(thrown: unknown): Response {
  const error = databaseErrorOf(thrown) ?? thrown;
  if (isAppError(error) && error.code === 'BUSY') return apiError('BUSY', error.message, {}, { headers: { 'Retry-After': String(BUSY_RETRY_AFTER_S) } });
  if (isAppError(error) && error.code !== 'INTERNAL') {
    const field = typeof error.details?.field === 'string' ? error.details.field : undefined;
    // Details are for logs and the CLI; only what the thrower put under `answer` is sent.
    const answer = isRecord(error.details?.answer) ? error.details.answer : {};
    return apiError(error.code, error.message, { ...answer, ...(field ? { field } : {}) });
  }
  console.error(redactSecrets(error instanceof Error ? (error.stack ?? error.message) : String(error)));
  return apiError('INTERNAL', 'Something went wrong on the server; see its log.');
}
