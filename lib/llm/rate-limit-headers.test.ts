import { describe, expect, it } from 'vitest';
import { parseDurationMs, readRateLimitHeaders } from './rate-limit-headers';

describe('rate limit headers', () => {
  it('reads OpenAI durations', () => {
    expect(parseDurationMs('1s')).toBe(1000);
    expect(parseDurationMs('6m0s')).toBe(360_000);
    expect(parseDurationMs('20ms')).toBe(20);
    expect(parseDurationMs('1h2m3.5s')).toBe(3_723_500);
    expect(parseDurationMs('2')).toBe(2000);
    expect(parseDurationMs('soon')).toBeNull();
  });

  it('prefers retry-after-ms, reads retry-after as seconds or a date, and the x-ratelimit-* figures', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(readRateLimitHeaders(new Headers({ 'retry-after-ms': '150', 'retry-after': '3' }), now).retryAfterMs).toBe(150);
    expect(readRateLimitHeaders({ 'retry-after': '3' }, now).retryAfterMs).toBe(3000);
    expect(readRateLimitHeaders({ 'retry-after': 'Thu, 01 Jan 2026 00:00:02 GMT' }, now).retryAfterMs).toBe(2000);
    expect(
      readRateLimitHeaders(
        new Headers({
          'x-ratelimit-limit-requests': '2400',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': '25ms',
          'x-ratelimit-limit-tokens': '90000',
          'x-ratelimit-remaining-tokens': '1200',
          'x-ratelimit-reset-tokens': '1m2s',
        }),
        now,
      ),
    ).toEqual({
      retryAfterMs: null,
      limitRequests: 2400,
      limitTokens: 90000,
      remainingRequests: 0,
      remainingTokens: 1200,
      resetRequestsMs: 25,
      resetTokensMs: 62_000,
    });
  });
});
