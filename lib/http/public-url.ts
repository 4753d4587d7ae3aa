type Env = Record<string, string | undefined>;

/** TURNWISE_URL without its trailing slashes, or null when it is not set. */
const configuredBase = (env: Env): string | null => env.TURNWISE_URL?.trim().replace(/\/+$/, '') || null;

/** The address a link in an answer opens: TURNWISE_URL when set, else the host the request was sent to (the boundary checked it is one of this server's). */
export function publicUrl(request: Request, path: string, env: Env = process.env): string {
  const url = new URL(request.url);
  const host = request.headers.get('host')?.trim();
  const base = configuredBase(env) || (host ? `${url.protocol}//${host}` : url.origin);
  return `${base}${path}`;
}

/**
 * The address a link sent from the background opens (an alert: no request to take a host from):
 * TURNWISE_URL when set, else http://localhost:<PORT> (3000), right only on the server's own machine.
 */
export function backgroundPublicUrl(path: string, env: Env): string {
  const base = configuredBase(env) || `http://localhost:${env.PORT?.trim() || '3000'}`;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Why links sent from the background may not open for the people they reach, or null when TURNWISE_URL is set. */
export const backgroundUrlWarning = (env: Env): string | null =>
  configuredBase(env)
    ? null
    : `TURNWISE_URL is not set: alerts link to ${backgroundPublicUrl('/', env).slice(0, -1)}, which opens only on this server's own machine. Set it to the address people open the dashboard at.`;
