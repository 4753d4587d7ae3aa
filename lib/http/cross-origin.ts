/**
 * The cross-origin rule for requests that change something (anything but GET, HEAD and
 * OPTIONS): a browser's request must come from a page of this server. The session cookie is
 * SameSite=Lax, which a page on another port or a sibling subdomain still gets sent along (same
 * site, other origin), and with TURNWISE_AUTH=off there is no cookie to check at all; so the
 * browser's own word on where the request comes from decides: Origin, or Sec-Fetch-Site when a
 * browser sends no Origin. Requests with neither (scripts, curl, CI) and bearer-key requests
 * without a cookie are not a browser acting for a signed-in user, and pass.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const first = (value: string | null): string | null => value?.split(',')[0].trim() || null;

/** The origins this request may come from: TURNWISE_URL's, and the scheme, host and port it was sent to. */
export function ownOrigins(headers: Headers, url: string, env: Record<string, string | undefined>): string[] {
  const origins: string[] = [];
  const add = (text: string) => {
    try {
      origins.push(new URL(text).origin);
    } catch {
      // not an origin: nothing may match it
    }
  };
  if (env.TURNWISE_URL) add(env.TURNWISE_URL);
  let requested: URL | null = null;
  try {
    requested = new URL(url);
  } catch {
    requested = null;
  }
  // X-Forwarded-Host/-Proto are the server's own (bin/server.ts drops a client's unless it is a trusted proxy).
  const host = first(headers.get('x-forwarded-host')) ?? headers.get('host') ?? requested?.host;
  const proto = first(headers.get('x-forwarded-proto')) ?? requested?.protocol.replace(':', '') ?? 'http';
  if (host && /^https?$/.test(proto)) add(`${proto}://${host}`);
  return origins;
}

/** Why a request is refused as cross-origin, or null when it may go on. */
export function crossOriginRefusal(request: { method: string; headers: Headers; url: string }, env: Record<string, string | undefined>): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const { headers } = request;
  if (/^Bearer\s/i.test(headers.get('authorization') ?? '') && !headers.has('cookie')) return null;
  const origin = headers.get('origin');
  if (origin !== null) {
    let from: string | null = null;
    try {
      from = origin === 'null' ? null : new URL(origin).origin;
    } catch {
      from = null;
    }
    if (from !== null && ownOrigins(headers, request.url, env).includes(from)) return null;
    return `Cross-origin request refused: a page of ${JSON.stringify(origin.slice(0, 100))} may not change anything here. Open Turnwise at its own address (TURNWISE_URL), or call the API with an API key and no cookie.`;
  }
  const site = headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') {
    return `Cross-origin request refused: the browser says it comes from another ${site === 'same-site' ? 'origin of this site' : 'site'} (Sec-Fetch-Site: ${site}).`;
  }
  return null;
}

/** A 403 with the API's error shape for a cross-origin request, or null when it may go on. */
export function crossOriginResponse(request: { method: string; headers: Headers; url: string }, env: Record<string, string | undefined>): Response | null {
  const refusal = crossOriginRefusal(request, env);
  return refusal === null ? null : Response.json({ error: { code: 'FORBIDDEN', message: refusal, field: 'origin' } }, { status: 403 });
}
