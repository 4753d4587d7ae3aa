import type { HandlerResult, JudgeServerHandler } from './judge-server';

export interface RateLimitOptions {
  /** Requests accepted in any sliding second. */
  perSecond: number;
  /** Latency of an accepted request (a refusal answers at once, as providers do). */
  latencyMs?: number;
  /** Send x-ratelimit-* headers as OpenAI does (default true); retry-after is always sent on a 429. */
  rateLimitHeaders?: boolean;
}

export interface RateLimitedHandler {
  handler: JudgeServerHandler;
  accepted(): number;
  refused(): number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wraps a handler behind a provider-style request limit: at most `perSecond` requests in any
 * sliding 1,000 ms; beyond it a 429 with retry-after, retry-after-ms and the x-ratelimit-*
 * headers OpenAI sends (limit per minute, remaining, reset as a duration such as "120ms").
 */
export function rateLimited(inner: JudgeServerHandler, options: RateLimitOptions): RateLimitedHandler {
  const acceptedAt: number[] = [];
  let accepted = 0;
  let refused = 0;
  const withHeaders = options.rateLimitHeaders ?? true;

  const handler: JudgeServerHandler = async (body, context) => {
    const now = Date.now();
    while (acceptedAt.length > 0 && acceptedAt[0] <= now - 1000) acceptedAt.shift();
    const resetMs = acceptedAt.length > 0 ? Math.max(1, acceptedAt[0] + 1000 - now) : 0;
    const headers = (remaining: number): Record<string, string> =>
      withHeaders
        ? {
            'x-ratelimit-limit-requests': String(options.perSecond * 60),
            'x-ratelimit-remaining-requests': String(remaining),
            'x-ratelimit-reset-requests': `${resetMs}ms`,
          }
        : {};
    if (acceptedAt.length >= options.perSecond) {
      refused++;
      return {
        status: 429,
        headers: { ...headers(0), 'retry-after-ms': String(resetMs), 'retry-after': String(Math.ceil(resetMs / 1000)) },
        body: { error: { message: `Rate limit reached: ${options.perSecond} requests per second`, type: 'requests', code: 'rate_limit_exceeded' } },
      };
    }
    acceptedAt.push(now);
    accepted++;
    const remaining = options.perSecond - acceptedAt.length;
    if (options.latencyMs) await sleep(options.latencyMs);
    const result: HandlerResult = await inner(body, context);
    return 'content' in result ? { ...result, headers: { ...headers(remaining), ...result.headers } } : result;
  };
  return { handler, accepted: () => accepted, refused: () => refused };
}
