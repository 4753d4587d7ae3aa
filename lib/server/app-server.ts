import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { trustForwardedHeaders, type TrustedProxies } from './forwarded-headers';

/**
 * The HTTP server in front of Next.js's request handler (bin/server.ts): every request's
 * forwarding headers are settled from its socket before the app reads them.
 */
export function createAppServer(handle: (req: IncomingMessage, res: ServerResponse) => unknown, trusted: TrustedProxies): Server {
  return createServer((req, res) => {
    trustForwardedHeaders(req.headers, req.socket.remoteAddress, trusted);
    void handle(req, res);
  });
}
