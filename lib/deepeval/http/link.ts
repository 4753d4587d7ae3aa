/** An address in Turnwise for deepeval to print: on TURNWISE_URL when it is set, else on the address the request came to. */
export function turnwiseLink(request: Request, path: string, env: Record<string, string | undefined> = process.env): string {
  const base = env.TURNWISE_URL?.trim().replace(/\/+$/, '') || new URL(request.url).origin;
  return `${base}${path}`;
}
