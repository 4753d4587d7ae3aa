import { isIP } from 'node:net';

export interface BindAddress {
  host: string;
  port: number;
  /** Said once at start when the server can be reached from other machines. */
  warning: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Where the web server listens: 127.0.0.1 unless TURNWISE_BIND names another interface
 * (`0.0.0.0` or `::` for all). Loopback by default because a fresh install's first visitor
 * creates the admin, and with TURNWISE_AUTH=off every visitor is one: nobody on the network
 * should reach either without the operator asking for it. PORT as `next start` reads it.
 */
export function bindAddress(env: Record<string, string | undefined>): BindAddress {
  const host = env.TURNWISE_BIND?.trim() || '127.0.0.1';
  if (host !== 'localhost' && isIP(host.replace(/^\[(.*)\]$/, '$1')) === 0) {
    throw new Error(`TURNWISE_BIND: ${JSON.stringify(host.slice(0, 60))} is not an IP address (use 127.0.0.1, 0.0.0.0 for every interface, or one of this machine's addresses)`);
  }
  const portText = env.PORT?.trim() || '3000';
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) throw new Error(`PORT: ${JSON.stringify(portText.slice(0, 20))} is not a port number (1-65535)`);
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const open = !LOOPBACK.has(bare);
  const authOff = env.TURNWISE_AUTH?.trim() === 'off';
  const warning = !open
    ? null
    : authOff
      ? `TURNWISE_BIND=${host} with TURNWISE_AUTH=off: everyone who reaches this address is an admin`
      : `listening on ${host}, reachable from other machines: on a database without an admin, whoever opens the set-up page first becomes it (TURNWISE_ADMIN_EMAIL and TURNWISE_ADMIN_PASSWORD create it at start instead)`;
  return { host: bare, port, warning };
}
