import { request, type Dispatcher } from 'undici';
import { sameOriginRedirects } from './egress';
import { oneAnswerPerTurn } from './one-answer-per-turn';

/** Statuses whose response has no body (fetch's null-body statuses): a Response refuses one. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A successful response whose body was read whole: handed on without a body stream (making one
 * and reading it back cost a fifth of a call's CPU); its text, JSON and bytes come from the
 * buffer, and its body stream is made only if asked for.
 */
class ReadResponse extends Response {
  readonly #bytes: Buffer;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | null = null;

  constructor(bytes: Buffer, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
    Object.defineProperty(this, 'body', { get: () => (this.#stream ??= new Response(bytes as Uint8Array<ArrayBuffer>).body) });
  }

  /** The body as read. */
  get bytesRead(): Buffer {
    return this.#bytes;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.#bytes).buffer;
  }

  override async text(): Promise<string> {
    return this.#bytes.toString('utf8');
  }

  override async json(): Promise<unknown> {
    return JSON.parse(this.#bytes.toString('utf8'));
  }
}

/** A successful pooledFetch response's body, read whole already; undefined for any other response. */
export const bodyReadAlready = (response: Response): Buffer | undefined => (response instanceof ReadResponse ? response.bytesRead : undefined);

/**
 * fetch over undici's connection pools (`request`), for the clients of replay targets: Node's own
 * fetch spent most of a millisecond of CPU per call more on its streams and request objects, and
 * a replay at concurrency 32 is bound by that CPU. The body is read whole before the Response is
 * handed on (its length then declared), and refused past `maxBytes`, declared or counted, with
 * `tooLarge`'s error: the read stops there. Timeouts and cancellation are the caller's signal's.
 * No compression is asked for, so none has to be decoded. A successful response's bytes are
 * also at hand with bodyReadAlready (readBoundedBytes takes them from there). Replies are handed on one per
 * event-loop turn (oneAnswerPerTurn), so that a wave of them never holds the requests they start.
 * `dispatcher` is the egress policy's pinned one (lib/llm/egress: a keep-alive pool per origin,
 * connections only to checked addresses); redirects are followed only within the origin.
 * With `errorBytes`, an error answer (status 400 or more) is read up to that many bytes and the
 * rest dropped unread, before the client, a regex or a log sees it.
 */
export function pooledFetch(maxBytes: number, tooLarge: (declared?: number) => Error, dispatcher: Dispatcher, { errorBytes }: { errorBytes?: number } = {}): typeof fetch {
  return sameOriginRedirects(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = await request(url, {
      dispatcher,
      method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: init?.headers instanceof Headers ? init.headers : (init?.headers as Record<string, string> | [string, string][] | undefined),
      body: init?.body as string | Uint8Array | null | undefined,
      signal: init?.signal ?? undefined,
    });
    const body = errorBytes !== undefined && response.statusCode >= 400 ? await readHead(response.body, errorBytes) : await readBody(response, maxBytes, tooLarge);
    await oneAnswerPerTurn();
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (name === 'content-length' || name === 'transfer-encoding' || value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.append(name, value);
    }
    if (NULL_BODY.has(response.statusCode)) return new Response(null, { status: response.statusCode, statusText: response.statusText, headers });
    headers.set('content-length', String(body.byteLength));
    if (response.statusCode >= 200 && response.statusCode < 300) return new ReadResponse(body, { status: response.statusCode, statusText: response.statusText, headers });
    return new Response(body as Uint8Array<ArrayBuffer>, { status: response.statusCode, statusText: response.statusText, headers });
  });
}

function readBody({ headers, body }: Dispatcher.ResponseData, maxBytes: number, tooLarge: (declared?: number) => Error): Promise<Buffer> {
  const declared = Number(headers['content-length'] ?? NaN);
  if (declared > maxBytes) {
    // Dropped unread: the error it is destroyed with (undici's "aborted") is no one's to handle.
    body.once('error', () => undefined).destroy();
    return Promise.reject(tooLarge(declared));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        body.destroy();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    body.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    body.once('error', (error) => reject(cutShort(error)));
  });
}

/** A body the connection dropped fails as fetch's does: TypeError "terminated", the cause behind it. */
const cutShort = (error: Error): TypeError => new TypeError('terminated', { cause: error });

/** The first `limit` bytes of a body; the rest is dropped unread. */
function readHead(body: Dispatcher.ResponseData['body'], limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks));
    body.on('data', (chunk: Buffer) => {
      const part = chunk.subarray(0, limit - size);
      chunks.push(part);
      size += part.byteLength;
      if (size >= limit) {
        body.off('end', done);
        // Dropped unread: the error it is destroyed with (undici's "aborted") is no one's to handle.
        body.once('error', () => undefined).destroy();
        done();
      }
    });
    body.once('end', done);
    body.once('error', (error) => reject(cutShort(error)));
  });
}
