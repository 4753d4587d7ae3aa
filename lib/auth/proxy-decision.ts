/** Pages and routes anyone may open: sign-in, first set-up, better-auth's own endpoints. */
export const PUBLIC_PATHS = ['/sign-in', '/setup'];
export const PUBLIC_PREFIXES = ['/api/auth/'];

export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PATHS.includes(pathname) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));

export type ProxyDecision = 'pass' | 'sign-in' | 'unauthorized';

/**
 * The proxy's optimistic check, on the cookie's presence only (no database): a request with
 * no session and no bearer key goes to the sign-in page (pages) or gets a 401 (routes). The
 * real check is at each page, action and route (lib/auth/session.ts, lib/api/with-api.ts).
 */
export function decideProxy(input: { pathname: string; authOff: boolean; hasSessionCookie: boolean; hasBearer: boolean }): ProxyDecision {
  if (input.authOff || isPublicPath(input.pathname) || input.hasSessionCookie) return 'pass';
  if (input.pathname.startsWith('/api/')) return input.hasBearer ? 'pass' : 'unauthorized';
  return 'sign-in';
}
