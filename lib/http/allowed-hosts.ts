/**
 * The host names this server answers to: a page on another site whose DNS name was pointed at
 * this server (DNS rebinding) sends its own name in Host, and is refused. Loopback names by
 * default, the host of TURNWISE_URL, and those listed in TURNWISE_ALLOWED_HOSTS (comma-separated;
 * `.example.com` allows its subdomains, `*` any host).
 */
export function allowedHosts(env: Record<string, string | undefined>): string[] {
  const hosts = ['localhost', '127.0.0.1', '[::1]'];
  try {
    if (env.TURNWISE_URL) hosts.push(new URL(env.TURNWISE_URL).hostname.toLowerCase());
  } catch {
    // checked where sign-in settings are read
  }
  for (const h of (env.TURNWISE_ALLOWED_HOSTS ?? '').split(',')) if (h.trim()) hosts.push(h.trim().toLowerCase());
  return hosts;
}

/** The name of a Host header without its port: `example.com:3000` → `example.com`, `[::1]:3000` → `[::1]`. */
const hostname = (host: string): string => (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]).toLowerCase();

/** Whether a request's Host header names this server; a request without one (not from a browser) passes. */
export function hostAllowed(host: string | null, env: Record<string, string | undefined>): boolean {
  if (!host) return true;
  const name = hostname(host);
  return allowedHosts(env).some((allowed) => allowed === '*' || allowed === name || (allowed.startsWith('.') && name.endsWith(allowed)));
}

export const hostRefusal = (host: string): string =>
  `This server does not answer to the host name ${JSON.stringify(hostname(host).slice(0, 100))}: add it to TURNWISE_ALLOWED_HOSTS (or set TURNWISE_URL) if it is yours.`;
