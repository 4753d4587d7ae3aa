import { getSessionCookie } from 'better-auth/cookies';
import { NextResponse, type NextRequest } from 'next/server';
import { COOKIE_PREFIX } from '@/lib/auth/cookie';
import { decideProxy } from '@/lib/auth/proxy-decision';
import { safeNext } from '@/lib/auth/safe-next';
import { refuseLargeAction } from '@/lib/http/action-body-limit';
import { hostAllowed, hostRefusal } from '@/lib/http/allowed-hosts';
import { crossOriginResponse } from '@/lib/http/cross-origin';
import { isProjectPagePath, PROJECT_HEADER, projectOfPath } from '@/lib/nav/project-path';

export async function proxy(request: NextRequest) {
  const host = request.headers.get('host');
  if (!hostAllowed(host, process.env)) return new NextResponse(hostRefusal(host ?? ''), { status: 421, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  // Server actions post to pages: Next.js compares Origin with the host only (not the scheme,
  // nor Sec-Fetch-Site); the rule of the API applies here too.
  const crossOrigin = crossOriginResponse(request, process.env);
  if (crossOrigin) return crossOrigin;
  const tooLarge = await refuseLargeAction(request);
  if (tooLarge) return tooLarge;
  const { pathname, search } = request.nextUrl;
  const decision = decideProxy({
    pathname,
    authOff: process.env.TURNWISE_AUTH?.trim() === 'off',
    hasSessionCookie: getSessionCookie(request, { cookiePrefix: COOKIE_PREFIX }) !== null,
    hasBearer: /^Bearer\s/i.test(request.headers.get('authorization') ?? ''),
  });
  if (decision === 'pass') return projectPage(request);
  if (decision === 'unauthorized') {
    return NextResponse.json(
      { error: { code: 'UNAUTHORIZED', message: 'Sign in first: send Authorization: Bearer <personal API key or TURNWISE_API_KEY>, or a session cookie' } },
      { status: 401, headers: { 'www-authenticate': 'Bearer realm="turnwise"' } },
    );
  }
  const signIn = new URL('/sign-in', request.url);
  if (pathname !== '/') signIn.searchParams.set('next', safeNext(`${pathname}${search}`));
  return NextResponse.redirect(signIn);
}

/**
 * A project's pages live at /p/<slug>/… (app/p/[project]); the short paths of the project
 * "default" are served from /p/default/…. The page is told its project in PROJECT_HEADER, read
 * from the path on every pass (a rewritten request passes here again); any other page gets no
 * such header, whatever the client sent.
 */
function projectPage(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  const headers = new Headers(request.headers);
  headers.delete(PROJECT_HEADER);
  const project = projectOfPath(pathname);
  // /p/<not a slug>/…: a project no one has, so the page answers not found (not the project "default").
  if (!project && pathname.startsWith('/p/')) headers.set(PROJECT_HEADER, '-');
  if (!project || !isProjectPagePath(project.path)) return NextResponse.next({ request: { headers } });
  headers.set(PROJECT_HEADER, project.slug);
  if (pathname.startsWith('/p/')) return NextResponse.next({ request: { headers } });
  return NextResponse.rewrite(new URL(`/p/${project.slug}${project.path === '/' ? '' : project.path}${search}`, request.url), { request: { headers } });
}

export const config = {
  // Pages only. Every route under /api checks who is asking itself (withApi), and a request the
  // proxy sees has its body buffered and cut at 10 MB (proxyClientMaxBodySize): uploads must not pass here.
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico).*)'],
};
