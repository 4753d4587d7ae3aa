import { afterEach, describe, expect, it } from 'vitest';
import { AdaptiveLimiter, setRateLimitShare } from './adaptive-limiter';

afterEach(() => setRateLimitShare(1));

describe('AdaptiveLimiter', () => {
  it('paces a configured rpm a little under the limit, for this process\'s share of it', () => {
    const limiter = new AdaptiveLimiter({ rpm: 600 });
    expect(limiter.state().requestsPerSecond).toBeCloseTo(10 * 0.97, 6);
    setRateLimitShare(0.5);
    expect(limiter.state().requestsPerSecond).toBeCloseTo(5 * 0.97, 6);
  });

  it('learns the limit a reply announces and starts unpaced without one', async () => {
    const limiter = new AdaptiveLimiter();
    expect(limiter.state().requestsPerSecond).toBeNull();
    const permit = await limiter.acquire(100);
    permit.done({ kind: 'ok', headers: { 'x-ratelimit-limit-requests': '2400' } });
    expect(limiter.state().requestsPerSecond).toBeCloseTo(40 * 0.97, 6);
  });

  it('on a refusal without a known rate, halves the requests in flight once per burst and waits out retry-after', async () => {
    const limiter = new AdaptiveLimiter();
    // Slow start: 4 in flight, then one more per success.
    const first = await Promise.all(Array.from({ length: 4 }, () => limiter.acquire(0)));
    for (const p of first) p.done({ kind: 'ok' });
    expect(limiter.state().window).toBe(8);
    const burst = await Promise.all(Array.from({ length: 8 }, () => limiter.acquire(0)));
    const refusedAt = Date.now();
    // All eight were sent before the first refusal: one cut, not eight.
    for (const p of burst) p.done({ kind: 'refused', headers: { 'retry-after-ms': '80' } });
    expect(limiter.state().window).toBe(4);
    expect(limiter.state().refused).toBe(8);
    expect(limiter.state().refusingSince).not.toBeNull();
    await limiter.acquire(0);
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(75);
  });

  it('opens at once to the concurrency a caller states while nothing is refused, and keeps the window it adapted to after a refusal', async () => {
    const limiter = new AdaptiveLimiter();
    limiter.expectConcurrency(32);
    const first = await Promise.all(Array.from({ length: 32 }, () => limiter.acquire(0)));
    expect(limiter.state().waitingSince).toBeNull();
    first[0].done({ kind: 'refused' });
    for (const p of first.slice(1)) p.done({ kind: 'ok' });
    const adapted = limiter.state().window;
    expect(adapted).toBeLessThan(32);
    limiter.expectConcurrency(32);
    expect(limiter.state().window).toBe(adapted);
  });

  it('gives up waiting when the request is aborted', async () => {
    const limiter = new AdaptiveLimiter();
    const permit = await limiter.acquire(0);
    permit.done({ kind: 'refused', headers: { 'retry-after': '5' } });
    const controller = new AbortController();
    const waiting = limiter.acquire(0, { signal: controller.signal });
    expect(limiter.state().waitingSince).not.toBeNull();
    controller.abort();
    await expect(waiting).rejects.toThrow(/aborted/);
    expect(limiter.state().waitingSince).toBeNull();
  });
});
