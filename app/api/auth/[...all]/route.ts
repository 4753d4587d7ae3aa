import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/auth/auth';
import { withBoundedBody } from '@/lib/auth/auth-body';
import { authErrorResponse } from '@/lib/auth/auth-error-response';
import { hostAllowed, hostRefusal } from '@/lib/http/allowed-hosts';
import { crossOriginResponse } from '@/lib/http/cross-origin';
import { errorResponse } from '@/lib/http/errors';

// better-auth's endpoints: sign-in, sign-out, session, OpenID Connect callbacks; only for this
// server's host names, and nothing that changes state from another origin's page.
// Errors it does not answer itself (it rethrows them: onAPIError.throw) get the API's answer (a read-only database: 503 saying so).
const guarded = (handle: (request: Request) => Promise<Response>) => async (request: Request) => {
  const host = request.headers.get('host');
  if (!hostAllowed(host, process.env)) return Response.json({ error: { code: 'FORBIDDEN', message: hostRefusal(host ?? '') } }, { status: 403 });
  const crossOrigin = crossOriginResponse(request, process.env);
  if (crossOrigin) {
    await request.body?.cancel().catch(() => undefined);
    return crossOrigin;
  }
  try {
    return await handle(request);
  } catch (error) {
    return authErrorResponse(error);
  }
};
export const GET = guarded((request) => toNextJsHandler(getAuth()).GET(request));
export const POST = guarded(async (request) => {
  let bounded: Request;
  try {
    bounded = await withBoundedBody(request);
  } catch (error) {
    return errorResponse(error);
  }
  return toNextJsHandler(getAuth()).POST(bounded);
});
