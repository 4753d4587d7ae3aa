import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/auth/auth';
import { withBoundedBody } from '@/lib/auth/auth-body';
import { hostAllowed, hostRefusal } from '@/lib/http/allowed-hosts';
import { errorResponse } from '@/lib/http/errors';

// better-auth's endpoints: sign-in, sign-out, session, OpenID Connect callbacks; only for this server's host names.
const guarded = (handle: (request: Request) => Promise<Response>) => (request: Request) => {
  const host = request.headers.get('host');
  return hostAllowed(host, process.env) ? handle(request) : Promise.resolve(Response.json({ error: { code: 'FORBIDDEN', message: hostRefusal(host ?? '') } }, { status: 403 }));
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
