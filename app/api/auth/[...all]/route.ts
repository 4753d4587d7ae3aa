import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/auth/auth';

// better-auth's endpoints: sign-in, sign-out, session, OpenID Connect callbacks.
const handler = (request: Request) => toNextJsHandler(getAuth()).POST(request);
export const GET = (request: Request) => toNextJsHandler(getAuth()).GET(request);
export const POST = handler;
