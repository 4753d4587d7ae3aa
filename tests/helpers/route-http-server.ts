import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export type RouteHandler = (request: Request) => Promise<Response>;

/**
 * A real HTTP server on 127.0.0.1 that hands each request to App Router handlers by path, for
 * clients that only speak HTTP (an OpenTelemetry exporter). Unknown paths get 404.
 */
export async function startRouteHttpServer(routes: Record<string, RouteHandler>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handler = req.method === 'POST' ? routes[url.pathname] : undefined;
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    const request = new Request(url, { method: req.method, headers, body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } as RequestInit);
    handler(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: Error) => res.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
