import { errorResponse } from '../../http/errors';

/** What deepeval reads from every answer (deepeval/confident/types.py ApiResponse): success, data, error, link. */
export interface DeepevalAnswer {
  success: boolean;
  data?: unknown;
  error?: string;
  id?: string;
  link?: string;
}

/** A success: 200, which deepeval's client reads as JSON (other 2xx codes go through its error path). */
export function deepevalOk(data: unknown, meta: { id?: string; link?: string } = {}): Response {
  const body: DeepevalAnswer = { success: true, data, ...meta };
  return Response.json(body, { status: 200 });
}

/** A refusal deepeval raises with its message: `{ success: false, error }`. */
export function deepevalRefusal(status: number, error: string, init: ResponseInit = {}): Response {
  const body: DeepevalAnswer = { success: false, error };
  return Response.json(body, { ...init, status });
}

/**
 * A thrown error as deepeval's client reads it: translated by the API's one translator
 * (lib/http/errors.ts: status, message, Retry-After), then put in deepeval's envelope.
 */
export async function deepevalFailure(thrown: unknown): Promise<Response> {
  const translated = errorResponse(thrown);
  const body = (await translated.json()) as { error?: { message?: unknown } };
  const message = typeof body.error?.message === 'string' ? body.error.message : 'Something went wrong on the server; see its log.';
  const headers: Record<string, string> = {};
  const retryAfter = translated.headers.get('retry-after');
  if (retryAfter) headers['retry-after'] = retryAfter;
  return deepevalRefusal(translated.status, message, { headers });
}
