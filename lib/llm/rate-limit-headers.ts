/** What an OpenAI-compatible endpoint says about its rate limits in a reply's headers. */
export interface RateLimitHeaders {
  /** retry-after-ms, else retry-after (seconds or an HTTP date), in ms. */
  retryAfterMs: number | null;
  /** x-ratelimit-limit-requests: requests per minute on OpenAI. */
  limitRequests: number | null;
  limitTokens: number | null;
  remainingRequests: number | null;
  remainingTokens: number | null;
  /** x-ratelimit-reset-*: time until the limit is back to its full value, in ms. */
  resetRequestsMs: number | null;
  resetTokensMs: number | null;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined | null;

function header(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * OpenAI's reset durations: "1s", "6m0s", "20ms", "1h2m3.5s"; a bare number is seconds.
 * Null for anything else.
 */
export function parseDurationMs(text: string | null): number | null {
  if (text === null) return null;
  const value = text.trim();
  if (value === '') return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) return null;
  return parts.reduce((ms, [, n, unit]) => ms + Number(n) * UNIT_MS[unit], 0);
}

function count(text: string | null): number | null {
  if (text === null || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
  return Number(text);
}

function retryAfterMs(headers: HeaderSource, now: number): number | null {
  const ms = count(header(headers, 'retry-after-ms'));
  if (ms !== null) return ms;
  const after = header(headers, 'retry-after');
  if (after === null) return null;
  const seconds = count(after);
  if (seconds !== null) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function readRateLimitHeaders(headers: HeaderSource, now = Date.now()): RateLimitHeaders {
  return {
    retryAfterMs: retryAfterMs(headers, now),
    limitRequests: count(header(headers, 'x-ratelimit-limit-requests')),
    limitTokens: count(header(headers, 'x-ratelimit-limit-tokens')),
    remainingRequests: count(header(headers, 'x-ratelimit-remaining-requests')),
    remainingTokens: count(header(headers, 'x-ratelimit-remaining-tokens')),
    resetRequestsMs: parseDurationMs(header(headers, 'x-ratelimit-reset-requests')),
    resetTokensMs: parseDurationMs(header(headers, 'x-ratelimit-reset-tokens')),
  };
}
