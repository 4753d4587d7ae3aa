import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  headers: http.IncomingHttpHeaders;
  /** The body exactly as it arrived: what a signature is checked over. */
  raw: string;
  body: Record<string, unknown>;
  path: string;
}

/**
 * A webhook receiver on 127.0.0.1 that records every call; `answer` picks the reply (200 by
 * default), `delayMs` holds each reply that long (a slow receiver).
 */
export async function startAlertReceiver(options: { answer?: (call: ReceivedCall, index: number) => { status: number; headers?: Record<string, string> }; delayMs?: number } = {}) {
  const calls: ReceivedCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // Recorded as it came.
      }
      const call = { headers: req.headers, raw, body, path: req.url ?? '/' };
      calls.push(call);
      const reply = options.answer?.(call, calls.length - 1) ?? { status: 200 };
      setTimeout(() => res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers }).end(reply.status < 300 ? 'ok' : 'refused'), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
