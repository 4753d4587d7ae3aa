import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/auth/auth';
import { hostAllowed, hostRefusal } from '@/lib/http/allowed-hosts';
import { crossOriginResponse } from '@/lib/http/cross-origin';

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
export const POST = guarded((request) => toNextJsHandler(getAuth()).POST(request));
