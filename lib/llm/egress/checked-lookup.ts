import type { LookupFunction } from 'node:net';
import type { EgressPolicy } from './egress-policy';
import { resolveChecked } from './resolve-checked';

/**
 * A `lookup` for Node's http(s).Agent (clients built on node:http, such as the OTLP exporter):
 * the name is looked up once, checked, and the socket connects to what was checked. Node skips
 * `lookup` for an IP literal: check those with resolveChecked before the request.
 */
export function checkedLookup(policy: EgressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, policy).then(
      ({ address, family }) => {
        if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
