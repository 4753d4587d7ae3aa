import ipaddr from 'ipaddr.js';
import { AppError } from '../../errors';

/** One entry of TURNWISE_EGRESS_ALLOW: an address range, or a host name taken as it is written. */
export type AllowEntry = { kind: 'range'; range: [ipaddr.IPv4 | ipaddr.IPv6, number]; text: string } | { kind: 'host'; host: string };

/** Who may point a URL at loopback and private addresses (TURNWISE_EGRESS_PRIVATE). */
export type PrivateAccess = 'editors' | 'admins' | 'auto';

export interface EgressSettings {
  /** TURNWISE_EGRESS_ALLOW: reachable whoever set the URL, whatever the address (metadata included). */
  allow: readonly AllowEntry[];
  privateAccess: PrivateAccess;
  /** The server listens on loopback only (TURNWISE_BIND unset or a loopback address) and believes no proxy. */
  loopbackOnly: boolean;
}

export const ALLOW_VARIABLE = 'TURNWISE_EGRESS_ALLOW';
export const PRIVATE_VARIABLE = 'TURNWISE_EGRESS_PRIVATE';

const LOOPBACK_BIND = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i;
const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

function allowEntry(text: string): AllowEntry {
  const value = text.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValidCIDR(value)) return { kind: 'range', range: ipaddr.parseCIDR(value), text: value };
  if (ipaddr.isValid(value)) {
    const address = ipaddr.process(value);
    return { kind: 'range', range: [address, address.kind() === 'ipv4' ? 32 : 128], text: value };
  }
  if (value.length <= 253 && HOST_NAME.test(value)) return { kind: 'host', host: value };
  throw new AppError('CONFIG', `${ALLOW_VARIABLE}: ${JSON.stringify(text.trim().slice(0, 80))} is not an address, a CIDR range (10.0.0.0/8) or a host name`, { variable: ALLOW_VARIABLE });
}

/** The egress settings of an environment record; a malformed value throws CONFIG naming its variable. */
export function readEgressSettings(env: Record<string, string | undefined>): EgressSettings {
  const allow = (env[ALLOW_VARIABLE] ?? '').split(',').filter((part) => part.trim() !== '').map(allowEntry);
  const raw = env[PRIVATE_VARIABLE]?.trim().toLowerCase() || 'auto';
  if (raw !== 'editors' && raw !== 'admins' && raw !== 'auto') {
    throw new AppError('CONFIG', `${PRIVATE_VARIABLE}: must be "editors", "admins" or "auto" (the default)`, { variable: PRIVATE_VARIABLE });
  }
  const bind = env.TURNWISE_BIND?.trim() || '127.0.0.1';
  const proxied = Boolean(env.TURNWISE_TRUSTED_PROXIES?.trim());
  return { allow, privateAccess: raw, loopbackOnly: LOOPBACK_BIND.test(bind) && !proxied };
}
