import { lookup } from 'node:dns/promises';
import { classifyAddress } from './classify-address';
import { EgressRefusedError, refusalFor, type EgressPolicy, type LookupAll } from './egress-policy';

const lookupAll: LookupAll = (hostname) => lookup(hostname, { all: true });

/**
 * The address to connect to for `hostname`, looked up once and checked: every address the name
 * has must pass the policy (a name that also resolves to a refused address could be steered to
 * it), and the first is the one connected to, so no second lookup can answer otherwise. An IP
 * literal is checked as it is.
 */
export async function resolveChecked(hostname: string, policy: EgressPolicy): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = classifyAddress(bare);
  const found = literal ? [{ address: bare }] : await (policy.lookup ?? lookupAll)(bare);
  if (found.length === 0) throw Object.assign(new Error(`${bare} has no address`), { code: 'ENOTFOUND' });
  let first: { address: string; family: 4 | 6 } | null = null;
  for (const { address } of found) {
    const classified = classifyAddress(address);
    if (!classified) throw new EgressRefusedError(`${bare} resolves to ${JSON.stringify(address.slice(0, 60))}, which is not an IP address`, bare, address, 'DNS');
    const refusal = refusalFor(policy, bare, classified);
    if (refusal) throw refusal;
    first ??= { address: classified.address, family: classified.address.includes(':') ? 6 : 4 };
  }
  return first!;
}
