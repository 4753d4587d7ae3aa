/** Bytes of an error reply kept: enough for any provider's message, never a body that could stall what reads it. */
export const ERROR_BODY_LIMIT = 4096;
/** Bytes of a successful reply read at most: a judge's JSON, logprobs included, is far below it. */
export const REPLY_BODY_LIMIT = 4 * 1024 * 1024;

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A successful reply longer than the judge reads: the request fails with this, and is not retried. */
export class ReplyTooLargeError extends Error {
  constructor(readonly limit: number, declared?: number) {
    super(`the endpoint sent a reply ${declared === undefined ? 'over' : `of ${declared} bytes, over`} the ${limit}-byte limit`);
    this.name = 'ReplyTooLargeError';
  }
}

/** The ReplyTooLargeError behind an error, as thrown from the body or wrapped by the client as a connection error. */
export const replyTooLarge = (error: unknown): ReplyTooLargeError | undefined =>
  error instanceof ReplyTooLargeError ? error : error instanceof Error && error.cause instanceof ReplyTooLargeError ? error.cause : undefined;

/**
 * fetch for the judge clients. An error reply (status ≥ 400) is read up to `errorLimit` bytes
 * and the rest is dropped unread, before the client, a regex or a log sees it: a 2 MB error
 * page becomes a 4 KB one at the point it is first read. A successful reply streams through
 * untouched until it passes `replyLimit`, where the read fails instead of buffering more.
 */
export function boundedFetch(
  { errorLimit = ERROR_BODY_LIMIT, replyLimit = REPLY_BODY_LIMIT }: { errorLimit?: number; replyLimit?: number } = {},
  inner: Fetch = globalThis.fetch,
): Fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.body === null) return response;
    if (response.ok) return boundReply(response, replyLimit);
    const text = await readAtMost(response.body, errorLimit);
    const headers = new Headers(response.headers);
    // The body is now another one: its old length and encoding no longer describe it.
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}

async function boundReply(response: Response, limit: number): Promise<Response> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new ReplyTooLargeError(limit, declared);
  }
  // A declared length within the limit is all the body can be (the connection ends it there).
  if (Number.isFinite(declared)) return response;
  let size = 0;
  const counted = response.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(new ReplyTooLargeError(limit));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The first `limit` bytes of a body as text (a character cut at the end is dropped); the stream is cancelled after. */
export async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      const part = value.subarray(0, limit - size);
      chunks.push(part);
      size += part.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(bytes, { stream: true });
}
