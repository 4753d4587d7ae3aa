import { describe, expect, it } from 'vitest';
import { ACTION_BODY_MAX_BYTES, ACTION_TOO_LARGE_MESSAGE, refuseLargeAction } from './action-body-limit';

const action = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/metrics/new', { method: 'POST', headers: { 'next-action': 'abc123', ...headers }, body, duplex: 'half' } as RequestInit);

function chunked(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
  });
}

describe('server action bodies over 1 MB', () => {
  it('are refused with 413 and a text the browser shows, by declared length or by counting', async () => {
    for (const request of [action('x', { 'content-length': String(ACTION_BODY_MAX_BYTES + 1) }), action(chunked(2 * ACTION_BODY_MAX_BYTES))]) {
      const res = await refuseLargeAction(request);
      expect(res?.status).toBe(413);
      // Next's client shows the body of a text/plain error answer as the action's error, and only then.
      expect(res?.headers.get('content-type')).toBe('text/plain');
      expect(await res?.text()).toBe(ACTION_TOO_LARGE_MESSAGE);
    }
  });

  it('pass when within the limit, and leave other requests alone', async () => {
    expect(await refuseLargeAction(action(new Uint8Array(ACTION_BODY_MAX_BYTES)))).toBeNull();
    expect(await refuseLargeAction(action(chunked(ACTION_BODY_MAX_BYTES - 64 * 1024)))).toBeNull();
    const upload = new Request('http://localhost/x', { method: 'POST', body: new Uint8Array(2 * ACTION_BODY_MAX_BYTES) });
    expect(await refuseLargeAction(upload)).toBeNull();
  });
});
