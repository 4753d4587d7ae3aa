/** The address a link in an answer opens: TURNWISE_URL when set, else the host the request was sent to (the boundary checked it is one of this server's). */
export function publicUrl(request: Request, path: string, env: Record<string, string | undefined> = process.env): string {
  const url = new URL(request.url);
  const host = request.headers.get('host')?.trim();
  const base = env.TURNWISE_URL?.trim().replace(/\/+$/, '') || (host ? `${url.protocol}//${host}` : url.origin);
  return `${base}${path}`;
}
