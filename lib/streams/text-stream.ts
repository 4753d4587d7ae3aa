/** Joins small chunks into pieces of at least `size` characters (fewer, larger network writes). */
export async function* coalesce(chunks: AsyncIterable<string>, size = 64 * 1024): AsyncGenerator<string> {
  let buffer = '';
  for await (const chunk of chunks) {
    buffer += chunk;
    if (buffer.length >= size) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

/**
 * Text chunks as a byte stream that pulls the next chunk only when the client takes one, so a
 * large export is read from the database as fast as it is sent, never whole.
 */
export function textByteStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pieces = coalesce(chunks);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await pieces.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
