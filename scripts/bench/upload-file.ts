/* Uploads a file through the dashboard's import route, its body streamed from disk. */
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

type Answer = { status: number; body: string };

/** Reads a response's status and whole body into `resolve`. */
const answer = (resolve: (a: Answer) => void) => (res: http.IncomingMessage) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c) => (body += c));
  res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
};

export function uploadFile(port: number, file: string, query: URLSearchParams): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/datasets/import?${query}`,
        headers: { 'content-type': 'application/octet-stream', 'content-length': statSync(file).size },
      },
      answer(resolve),
    );
    req.on('error', reject);
    createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(req);
  });
}

/** Uploads `text` through the import route a few bytes at a time, spread over `durationMs` (a slow client). */
export function trickleUpload(port: number, text: string, durationMs: number, query: URLSearchParams): Promise<{ status: number; body: string }> {
  const bytes = Buffer.from(text);
  const pieces = Math.max(1, Math.floor(durationMs / 250));
  const size = Math.ceil(bytes.length / pieces);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: `/api/datasets/import?${query}`, headers: { 'content-type': 'application/octet-stream', 'content-length': bytes.length } },
      answer(resolve),
    );
    req.on('error', reject);
    let sent = 0;
    const timer = setInterval(() => {
      req.write(bytes.subarray(sent, sent + size));
      sent += size;
      if (sent >= bytes.length) {
        clearInterval(timer);
        req.end();
      }
    }, 250);
  });
}

/**
 * Uploads one JSONL line of `megabytes` MB (a user turn whose content never ends in time) through
 * the import route, made as it is sent: neither this process nor the file system ever holds it.
 */
export function uploadHugeLine(port: number, megabytes: number, query: URLSearchParams): Promise<{ status: number; body: string }> {
  const head = Buffer.from(`${JSON.stringify({ turns: [{ role: 'user', content: 'before it' }] })}\n{"scenario":"huge","turns":[{"role":"user","content":"`);
  const filler = Buffer.alloc(1024 * 1024, 'x');
  const tail = Buffer.from('"}]}\n');
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: `/api/datasets/import?${query}`, headers: { 'content-type': 'application/octet-stream', 'content-length': head.length + megabytes * filler.length + tail.length } },
      answer(resolve),
    );
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const more = () => {
      while (sent < megabytes) {
        sent++;
        if (!req.write(filler)) return void req.once('drain', more);
      }
      req.end(tail);
    };
    more();
  });
}
