import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A real HTTP server on 127.0.0.1 playing the user's own app behind a replay's HTTP target:
 * the handler sees each POSTed turn and answers with a status, headers and a raw body (to
 * script bad replies), or never (to script a hang).
 */

export interface AppTurnRequest {
  conversationId: string;
  turn: number;
  messages: { role: string; content: string }[];
  state: unknown;
}

export type AppReply = { status?: number; body: string | object; headers?: Record<string, string> } | 'hang' | 'drop';

export interface AppTargetServer {
  url: string;
  requests: { body: AppTurnRequest; headers: http.IncomingHttpHeaders }[];
  /** Requests whose client hung up before an answer was sent. */
  readonly aborted: number;
  close(): Promise<void>;
}

export async function startAppTargetServer(handler: (turn: AppTurnRequest, headers: http.IncomingHttpHeaders) => AppReply | Promise<AppReply>): Promise<AppTargetServer> {
  const requests: AppTargetServer['requests'] = [];
  let aborted = 0;
  const server = http.createServer((req, res) => {
    res.once('close', () => {
      if (!res.writableEnded) aborted++;
    });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AppTurnRequest;
      requests.push({ body, headers: req.headers });
      const reply = await handler(body, req.headers);
      if (reply === 'hang') return;
      if (reply === 'drop') return void req.socket.destroy();
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turn`,
    requests,
    get aborted() {
      return aborted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
