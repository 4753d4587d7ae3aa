import { errorResponse } from '../http/errors';

/**
 * An error the authentication library let through (a database that is read-only or full, any
 * other failure) answered as every route answers it, `{ error: { code, message } }` with the
 * status its code maps to, plus the library's own top-level `code` and `message`, which its
 * browser client reads: the sign-in form shows why.
 */
export async function authErrorResponse(thrown: unknown): Promise<Response> {
  const answer = errorResponse(thrown);
  const body = (await answer.json()) as { error: { code: string; message: string } };
  return Response.json({ ...body, code: body.error.code, message: body.error.message }, { status: answer.status, headers: answer.headers });
}
