/*
 * The web server: `npm start`, and `npm run dashboard` runs it. Next.js's own request handler
 * behind a Node HTTP server of ours, for two things `next start` does not do: listen on
 * 127.0.0.1 unless TURNWISE_BIND says otherwise, and take the client's address from the
 * socket (X-Forwarded-* only from TURNWISE_TRUSTED_PROXIES), since Next.js keeps any
 * X-Forwarded-For a client sends.
 */
import path from 'node:path';
import nextEnv from '@next/env';
import { bindAddress } from '../lib/server/bind-address';
import { createAppServer } from '../lib/server/app-server';
import { parseTrustedProxies } from '../lib/server/forwarded-headers';

const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);
const fail = (error: unknown): never => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
};

// As `next start` does, before Next.js and React are loaded (they pick their builds by it).
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV || 'production' });
const dir = path.resolve(import.meta.dirname, '..');
// The .env files, read as Next.js reads them, before the settings below are: Next.js must be
// told the address it listens on (a server action that redirects fetches the page from it).
nextEnv.loadEnvConfig(dir, false);

const settings = (() => {
  try {
    return { bind: bindAddress(process.env), trusted: parseTrustedProxies(process.env.TURNWISE_TRUSTED_PROXIES) };
  } catch (error) {
    return fail(error);
  }
})();
const { bind, trusted } = settings;

const { default: next } = await import('next');
// Next.js gives the proxy (proxy.ts) request URLs on http://localhost:<port> whatever the address
// it serves; with any other hostname here, the proxy's rewrite of a short URL to /p/default/…
// would count as another origin and go out and back over HTTP, where a server action then reads
// as cross-origin. The server still listens on bind.host only.
const app = next({ dev: false, dir, hostname: 'localhost', port: bind.port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createAppServer(handle, trusted);
server.on('error', fail);
server.listen(bind.port, bind.host, () => {
  const shown = bind.host.includes(':') ? `[${bind.host}]` : bind.host;
  log(`Turnwise is listening on http://${shown}:${bind.port}${bind.host === '127.0.0.1' ? ' (this machine only; TURNWISE_BIND=0.0.0.0 for every interface)' : ''}`);
  if (bind.warning) log(`Warning: ${bind.warning}`);
  if (!trusted.empty) log('Forwarded client addresses and hosts are believed from TURNWISE_TRUSTED_PROXIES only');
});

const stop = () => {
  server.close();
  void app.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
