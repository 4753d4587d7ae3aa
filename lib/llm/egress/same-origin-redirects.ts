import { EgressRedirectError } from './egress-errors';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
export const MAX_REDIRECTS = 5;

const urlOf = (input: string | URL | Request): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/**
 * `send` (which must not follow redirects itself) with redirects followed only within the origin
 * the request was made to: the key and any secret header go only where they were configured,
 * and each hop goes through `send`'s own egress check again. A redirect to another origin, or
 * past MAX_REDIRECTS, fails the request without following it. 303 (and 301/302 after a POST)
 * continue as a GET without the body, as fetch does.
 */
export function sameOriginRedirects(send: Fetch, maxRedirects = MAX_REDIRECTS): Fetch {
  return async (input, init) => {
    let url = new URL(urlOf(input));
    let request: RequestInit = { ...init };
    for (let hop = 0; ; hop++) {
      const response = await send(url.href, request);
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      const next = new URL(location, url);
      if (next.origin !== url.origin) {
        throw new EgressRedirectError(
          `${url.origin} redirected (${response.status}) to another origin, ${next.origin}: not followed (a key or secret goes only to the origin it was configured for)`,
          url.origin,
          next.origin,
        );
      }
      if (hop >= maxRedirects) throw new EgressRedirectError(`${url.origin} redirected more than ${maxRedirects} times: not followed further`, url.origin, next.origin);
      const method = (request.method ?? 'GET').toUpperCase();
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        const headers = new Headers(request.headers);
        headers.delete('content-type');
        headers.delete('content-length');
        request = { ...request, method: 'GET', body: undefined, headers };
      }
      url = next;
    }
  };
}
