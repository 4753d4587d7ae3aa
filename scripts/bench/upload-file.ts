/* Uploads a file through the dashboard's import route, its body streamed from disk. */
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

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
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(req);
  });
}
