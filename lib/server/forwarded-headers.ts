import { BlockList, isIP } from 'node:net';

/** Headers a client could forge to pose as another address, host or scheme. */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'] as const;

export interface TrustedProxies {
  /** Whether `address` is one of the proxies whose forwarded headers are believed. */
  has(address: string): boolean;
  readonly empty: boolean;
}

/** `::ffff:10.0.0.1` (an IPv4 client of a dual-stack socket) → `10.0.0.1`; anything not an address → null. */
export function normalizeAddress(address: string | undefined): string | null {
  if (!address) return null;
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  const ip = mapped ? mapped[1] : bare;
  return isIP(ip) ? ip.toLowerCase() : null;
}

/**
 * TURNWISE_TRUSTED_PROXIES: comma-separated addresses or CIDR ranges of the reverse proxies in
 * front of this server (`127.0.0.1`, `10.0.0.0/24`, `fd00::/8`). Unset: none, and the client is
 * the socket's peer. A malformed entry is refused with its position, never skipped.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  entries.forEach((entry, index) => {
    const [address, prefix, extra] = entry.split('/');
    const ip = normalizeAddress(address);
    const family = ip && isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    const bits = prefix === undefined ? null : Number(prefix);
    if (!ip || extra !== undefined || (bits !== null && (!/^\d{1,3}$/.test(prefix) || bits > (family === 'ipv6' ? 128 : 32)))) {
      throw new Error(`TURNWISE_TRUSTED_PROXIES: entry ${index + 1} (${JSON.stringify(entry.slice(0, 60))}) is not an IP address or a CIDR range such as 10.0.0.0/24`);
    }
    if (bits === null) list.addAddress(ip, family);
    else list.addSubnet(ip, bits, family);
  });
  return {
    empty: entries.length === 0,
    has(address) {
      const ip = normalizeAddress(address);
      return ip !== null && list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

const headerText = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(',') : (value ?? ''));

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then the
 * X-Forwarded-For chain is read from the right (the entry the nearest proxy appended), trusted
 * hops skipped, and the first other address is the client. An entry that is not an address
 * ends the walk at the last hop that was checked.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string | null {
  let client = normalizeAddress(peer);
  if (client === null || !trusted.has(client)) return client;
  const chain = headerText(forwardedFor).split(',').map((entry) => entry.trim()).filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(chain[i]);
    if (hop === null) return client;
    client = hop;
    if (!trusted.has(hop)) return hop;
  }
  return client;
}

/**
 * Rewrites a request's forwarding headers before the app sees them: X-Forwarded-For becomes the
 * single address `clientAddress` found, and X-Forwarded-Host/-Proto/-Port, X-Real-IP and
 * Forwarded are dropped unless the peer is a trusted proxy (Next.js then fills in the host and
 * scheme the request really came to). Everything downstream — better-auth's per-IP limit,
 * the host and origin checks — reads these headers and can believe them.
 */
export function trustForwardedHeaders(headers: Record<string, string | string[] | undefined>, peer: string | undefined, trusted: TrustedProxies): void {
  const client = clientAddress(peer, headers['x-forwarded-for'], trusted);
  const fromProxy = normalizeAddress(peer) !== null && trusted.has(peer as string);
  for (const name of FORWARDED) {
    if (!fromProxy || name === 'x-forwarded-for' || name === 'x-real-ip' || name === 'forwarded') delete headers[name];
  }
  if (client !== null) headers['x-forwarded-for'] = client;
}
