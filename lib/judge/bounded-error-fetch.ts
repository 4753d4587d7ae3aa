/** Bytes of an error reply kept: enough for any provider's message, never a body that could stall what reads it. */
export const ERROR_BODY_LIMIT = 4096;

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * fetch for the judge clients: an error reply (status ≥ 400) is read up to `limit` bytes and
 * the rest is dropped unread, before the client, a regex or a log sees it. A 2 MB error page
 * becomes a 4 KB one at the point it is first read. Successful replies pass through untouched.
 */
export function boundedErrorFetch(limit = ERROR_BODY_LIMIT, inner: Fetch = globalThis.fetch): Fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.ok || response.body === null) return response;
    const text = await readAtMost(response.body, limit);
    const headers = new Headers(response.headers);
    // The body is now another one: its old length and encoding no longer describe it.
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
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
