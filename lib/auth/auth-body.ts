import { AppError } from '../errors';
import { readBodyUpTo } from '../http/limits';

/**
 * What one request to the sign-in library may bring: an email, a password of at most 256
 * characters, a name of at most 100, an OpenID Connect form post. The library reads a body
 * whole before it looks at it, so the route reads it first, to this bound.
 */
export const AUTH_BODY_MAX_BYTES = 64 * 1024;

/** The request with its body read to AUTH_BODY_MAX_BYTES; TOO_LARGE (413) when longer, refused while it arrives. */
export async function withBoundedBody(request: Request): Promise<Request> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return request;
  const error = new AppError('TOO_LARGE', `The request body is larger than ${AUTH_BODY_MAX_BYTES / 1024} KB, the most a sign-in request may send; nothing was read further.`, { field: 'body' });
  const body = await readBodyUpTo(request, AUTH_BODY_MAX_BYTES, error);
  const headers = new Headers(request.headers);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(body.byteLength));
  return new Request(request.url, { method: request.method, headers, body: new Uint8Array(body), signal: request.signal });
}
