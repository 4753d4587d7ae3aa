import { describe, expect, it } from 'vitest';
import { readBoundedBytes, readBoundedText } from './read-bounded';

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('readBoundedBytes', () => {
  it('reads a body of a declared length whole, and one without chunk by chunk', async () => {
    expect(await readBoundedText(new Response('héllo', { headers: { 'content-length': '6' } }), 'here', 10)).toBe('héllo');
    expect(await readBoundedText(new Response(streamOf(['ab', 'cd'])), 'here', 10)).toBe('abcd');
  });

  it('refuses a body over the bound, declared or not, saying where', async () => {
    await expect(readBoundedBytes(new Response('x'.repeat(20), { headers: { 'content-length': '20' } }), 'model m at here', 10)).rejects.toThrow(
      'model m at here sent a reply of 20 bytes, over the 10-byte limit',
    );
    await expect(readBoundedBytes(new Response(streamOf(['123456', '789012'])), 'model m at here', 10)).rejects.toThrow('model m at here sent a reply over the 10-byte limit');
    // A compressed body's declared length is not its decoded size: it is read under the bound.
    await expect(readBoundedBytes(new Response(streamOf(['123456', '789012']), { headers: { 'content-length': '4', 'content-encoding': 'gzip' } }), 'here', 10)).rejects.toThrow(
      'over the 10-byte limit',
    );
  });
});
