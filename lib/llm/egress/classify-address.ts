import ipaddr from 'ipaddr.js';

/**
 * What an address is, for the egress policy:
 * - `public`: an ordinary unicast address on the internet.
 * - `internal`: loopback, private and other non-public ranges (127/8, ::1, 10/8, 172.16/12,
 *   192.168/16, fc00::/7, 100.64/10, reserved and documentation ranges…): a service of this
 *   machine or this network.
 * - `metadata`: link-local, cloud metadata, unspecified, multicast and broadcast addresses
 *   (169.254/16 with 169.254.169.254, fe80::/10, fd00:ec2::254, 0.0.0.0, ::…): the instance's
 *   credentials live there, and no model is ever served from them.
 */
export type AddressClass = 'public' | 'internal' | 'metadata';

export interface ClassifiedAddress {
  /** The address as connected to: an IPv4-mapped IPv6 address in its IPv4 form. */
  address: string;
  kind: AddressClass;
  /** "a loopback address", "a link-local address"…, for refusals. */
  what: string;
}

/** Metadata services that sit outside the link-local ranges (Alibaba Cloud, Oracle Cloud, AWS over IPv6). */
const METADATA_ADDRESSES = new Set(['100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

const ALWAYS_REFUSED: Record<string, string> = {
  linkLocal: 'a link-local address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
};

const INTERNAL: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  deprecatedSiteLocal: 'a site-local address',
};

/** IPv6 ranges that carry an IPv4 address (NAT64, 6to4): the IPv4 one decides. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const bytes = address.toByteArray();
  if (range === 'rfc6052') return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** The class of an IP address (any form ipaddr.js parses); null when it is not one. */
export function classifyAddress(text: string): ClassifiedAddress | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return null;
  // process() turns ::ffff:a.b.c.d (and ::ffff:a9fe:a9fe) into the IPv4 address it is.
  let parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv6') parsed = embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed;
  const address = parsed.toString();
  if (METADATA_ADDRESSES.has(address)) return { address, kind: 'metadata', what: 'a cloud metadata address' };
  const range = parsed.range();
  if (ALWAYS_REFUSED[range]) return { address, kind: 'metadata', what: ALWAYS_REFUSED[range] };
  if (range === 'unicast') return { address, kind: 'public', what: 'a public address' };
  return { address, kind: 'internal', what: INTERNAL[range] ?? `a reserved address (${range})` };
}
