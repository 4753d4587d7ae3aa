import ipaddr from 'ipaddr.js';
import type { ClassifiedAddress } from './classify-address';
import { ALLOW_VARIABLE, PRIVATE_VARIABLE, type AllowEntry, type EgressSettings } from './egress-settings';

/** Resolves a host name to every address it has (dns.lookup with all: true); tests pass their own. */
export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** What may be reached by one URL, decided by who set it and the server's settings. */
export interface EgressPolicy {
  /** Loopback and private addresses may be reached. */
  internal: boolean;
  /** Why not, when not: the setting a refusal names. */
  internalRefusedBy?: string;
  allow: readonly AllowEntry[];
  /** Replaces the DNS lookup (tests). */
  lookup?: LookupAll;
}

/** A URL set by an admin or the operator: a stored connection, an environment judge, the export endpoint. */
export const adminPolicy = (settings: Pick<EgressSettings, 'allow'>): EgressPolicy => ({ internal: true, allow: settings.allow });

/** What the policy says for an install that has no settings: URLs set by the operator. */
export const OPERATOR_POLICY: EgressPolicy = { internal: true, allow: [] };

/**
 * The policy of a URL that `setBy` set. Admins' URLs (and the operator's) may reach loopback and
 * private addresses; editors' may when TURNWISE_EGRESS_PRIVATE=editors, or, by default (auto),
 * on a single-user install listening on loopback only: `users` at most one, TURNWISE_BIND a
 * loopback address, no TURNWISE_TRUSTED_PROXIES. Nobody's reaches metadata and link-local
 * addresses unless TURNWISE_EGRESS_ALLOW lists them.
 */
export function egressPolicy(settings: EgressSettings, setBy: 'admin' | 'editor', users: number): EgressPolicy {
  if (setBy === 'admin') return adminPolicy(settings);
  const single = settings.loopbackOnly && users <= 1;
  const internal = settings.privateAccess === 'editors' || (settings.privateAccess === 'auto' && single);
  const refusedBy =
    settings.privateAccess === 'admins'
      ? `${PRIVATE_VARIABLE}=admins`
      : `${PRIVATE_VARIABLE} unset: editors reach them only on a single-user server listening on loopback, and this one ${settings.loopbackOnly ? `has ${users} users` : 'listens beyond loopback (TURNWISE_BIND) or behind a proxy (TURNWISE_TRUSTED_PROXIES)'}`;
  return { internal, ...(internal ? {} : { internalRefusedBy: refusedBy }), allow: settings.allow };
}

/** The policy's allow-list lets this host name or address through, whatever its class. */
export function allowListed(policy: EgressPolicy, hostname: string, address: string | null): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 | null = null;
  if (address && ipaddr.isValid(address)) parsed = ipaddr.process(address);
  return policy.allow.some((entry) => {
    if (entry.kind === 'host') return entry.host === host;
    if (!parsed || parsed.kind() !== entry.range[0].kind()) return false;
    return parsed.match(entry.range);
  });
}

/** A request the egress policy stopped before it was sent: which address, and which setting. */
export class EgressRefusedError extends Error {
  constructor(
    message: string,
    readonly hostname: string,
    readonly address: string,
    readonly setting: string,
  ) {
    super(message);
    this.name = 'EgressRefusedError';
  }
}

/** Null when the policy lets `address` (of `hostname`) be reached; else the refusal, saying why. */
export function refusalFor(policy: EgressPolicy, hostname: string, classified: ClassifiedAddress): EgressRefusedError | null {
  if (classified.kind === 'public' || allowListed(policy, hostname, classified.address)) return null;
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const where = host === classified.address ? `${classified.address} is ${classified.what}` : `${host} resolves to ${classified.address}, ${classified.what}`;
  if (classified.kind === 'metadata') {
    return new EgressRefusedError(
      `${where}: requests there are refused (cloud metadata and link-local addresses hold the server's own credentials); an admin can list it in ${ALLOW_VARIABLE}`,
      host,
      classified.address,
      ALLOW_VARIABLE,
    );
  }
  if (policy.internal) return null;
  return new EgressRefusedError(
    `${where}: on this server a URL an editor sets may not reach loopback or private addresses (${policy.internalRefusedBy ?? `${PRIVATE_VARIABLE}=admins`}); an admin can list it in ${ALLOW_VARIABLE}, save it as a judge connection, or set ${PRIVATE_VARIABLE}=editors`,
    host,
    classified.address,
    PRIVATE_VARIABLE,
  );
}
