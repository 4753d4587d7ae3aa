import { tooLarge } from '../http/limits';

/**
 * A request body as an async iterable of byte chunks (an absent body is an empty file). Past
 * `maxBytes` it throws TOO_LARGE: an upload is refused while it arrives, never stored whole.
 */
export async function* bodyChunks(body: ReadableStream<Uint8Array> | null, maxBytes = Infinity): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge('The upload', maxBytes, 'TURNWISE_MAX_UPLOAD_MB', 'file');
      }
      if (value.byteLength > 0) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
