import { Agent, buildConnector } from 'undici';
import type { EgressPolicy } from './egress-policy';
import { resolveChecked } from './resolve-checked';

/**
 * undici's connector behind the egress check: each new connection's host is looked up once,
 * every address checked against the policy, and the socket opened to the checked address (the
 * host name still goes in Host and, for TLS, in the SNI and certificate check). A refused host
 * fails the connection before a byte is sent.
 */
export function checkedConnector(policy: EgressPolicy): buildConnector.connector {
  const connect = buildConnector({});
  return (options, callback) => {
    resolveChecked(options.hostname, policy).then(
      ({ address }) => connect({ ...options, hostname: address }, callback),
      (error: Error) => callback(error, null),
    );
  };
}

const agents = new Map<string, Agent>();

const keyOf = (policy: EgressPolicy): string =>
  JSON.stringify([policy.internal, policy.internalRefusedBy ?? '', policy.allow.map((e) => (e.kind === 'host' ? `host:${e.host}` : `range:${e.text}`))]);

/**
 * The dispatcher of every request to a URL a user can set: connection pools (keep-alive, one per
 * origin) whose connections are opened only to addresses the policy allows. One per policy and
 * process; a policy with its own lookup (tests) gets one of its own.
 */
export function pinnedDispatcher(policy: EgressPolicy): Agent {
  if (policy.lookup) return new Agent({ connect: checkedConnector(policy) });
  const key = keyOf(policy);
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ connect: checkedConnector(policy) });
    agents.set(key, agent);
  }
  return agent;
}
