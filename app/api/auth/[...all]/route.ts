import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/auth/auth';
import { withBoundedBody } from '@/lib/auth/auth-body';
import { hostAllowed, hostRefusal } from '@/lib/http/allowed-hosts';
import { crossOriginResponse } from '@/lib/http/cross-origin';
import { errorResponse } from '@/lib/http/errors';

// better-auth's endpoints: sign-in, sign-out, session, OpenID Connect callbacks; only for this
// server's host names, and nothing that changes state from another origin's page.
const guarded = (handle: (request: Request) => Promise<Response>) => async (request: Request) => {
  const host = request.headers.get('host');
  if (!hostAllowed(host, process.env)) return Response.json({ error: { code: 'FORBIDDEN', message: hostRefusal(host ?? '') } }, { status: 403 });
  const crossOrigin = crossOriginResponse(request, process.env);
  if (crossOrigin) {
    await request.body?.cancel().catch(() => undefined);
    return crossOrigin;
  }
  return handle(request);
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
