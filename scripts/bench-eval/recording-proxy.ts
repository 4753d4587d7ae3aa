import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One judge request as the proxy saw it: ms since the proxy started when it arrived and when its answer was sent. */
export type Span = [arrived: number, answered: number];

export interface RecordingProxy {
  url: string;
  /** Spans of the requests answered since the last reset. */
  spans(): Span[];
  /** performance.now() of the proxy's epoch (span times count from it). */
  epoch: number;
  /** Called once, at the first request after a reset. */
  onFirstRequest(listener: () => void): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of the judge that notes when each request arrives and when its
 * answer has been sent, so requests in flight are measured as the judge sees them, whatever
 * judge server answers. It adds well under a millisecond per request in this process, not in
 * the one measured.
 */
export async function startRecordingProxy(target: string, port = 0): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const epoch = performance.now();
  const now = () => performance.now() - epoch;
  let spans: Span[] = [];
  let first: (() => void) | null = null;
  let seen = false;
  const server = http.createServer((req, res) => {
    const arrived = now();
    if (!seen) {
      seen = true;
      first?.();
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        res.on('finish', () => spans.push([arrived, now()]));
      },
    );
    forward.on('error', (error) => {
      res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}${upstream.pathname.replace(/\/$/, '')}`,
    epoch,
    spans: () => spans,
    onFirstRequest: (listener) => (first = listener),
    reset: () => {
      spans = [];
      seen = false;
      first = null;
    },
    close: () => {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Requests in flight on average while work remained: the time every request spent in
 * flight over the time from the first arrival to the last answer.
 */
export function meanInFlight(spans: Span[]): { meanInFlight: number; sendingMs: number; firstArrival: number; lastAnswer: number } {
  if (spans.length === 0) return { meanInFlight: 0, sendingMs: 0, firstArrival: 0, lastAnswer: 0 };
  let firstArrival = Infinity;
  let lastAnswer = 0;
  let busy = 0;
  for (const [arrived, answered] of spans) {
    firstArrival = Math.min(firstArrival, arrived);
    lastAnswer = Math.max(lastAnswer, answered);
    busy += answered - arrived;
  }
  const sendingMs = lastAnswer - firstArrival;
  return { meanInFlight: sendingMs > 0 ? busy / sendingMs : 0, sendingMs, firstArrival, lastAnswer };
}
