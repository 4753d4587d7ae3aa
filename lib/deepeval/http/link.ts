/**
 * An address in Turnwise for deepeval to print: on TURNWISE_URL when it is set, else on the host
 * the client called (the boundary has checked it against the allowed hosts).
 */
export function turnwiseLink(request: Request, path: string, env: Record<string, string | undefined> = process.env): string {
  const url = new URL(request.url);
  const base = env.TURNWISE_URL?.trim().replace(/\/+$/, '') || `${url.protocol}//${request.headers.get('host') || url.host}`;
  return `${base}${path}`;
}
