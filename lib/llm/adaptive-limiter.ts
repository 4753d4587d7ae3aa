import { createHash } from 'node:crypto';
import { readRateLimitHeaders } from './rate-limit-headers';

/** Limits configured for a connection (rpm, tpm on a judge entry); null: not configured. */
export interface ConnectionLimits {
  rpm?: number | null;
  tpm?: number | null;
}

type HeaderSource = Parameters<typeof readRateLimitHeaders>[0];

export type PermitOutcome =
  /** The endpoint answered; `tokens` the request's actual prompt + completion tokens. */
  | { kind: 'ok'; headers?: HeaderSource; tokens?: number }
  /** 429. */
  | { kind: 'refused'; headers?: HeaderSource }
  /** Anything else (5xx, timeout, aborted…): says nothing about the rate limit. */
  | { kind: 'other' };

export interface Permit {
  /** How long the request waited for the limiter, in ms. */
  readonly waitedMs: number;
  /** Exactly once, when the request is over. */
  done(outcome: PermitOutcome): void;
}

export interface LimiterState {
  /** Requests refused with 429 since the limiter was created. */
  refused: number;
  /** Since when requests have had to wait for the limiter without a break (ms epoch); null when none waits. */
  waitingSince: number | null;
  /** Since when every reply has been a 429 (ms epoch); null after a success. */
  refusingSince: number | null;
  /** The in-flight cap it adapted to; null while unconstrained. */
  window: number | null;
  /** The request pace it keeps, in requests per second; null while unpaced. */
  requestsPerSecond: number | null;
  /** Requests a minute the endpoint allows (configured, or the lower of that and what its replies announce); null while unknown. */
  limitRpm: number | null;
}

interface Waiter {
  tokens: number;
  enqueuedAt: number;
  resolve: (permit: Permit) => void;
}

/** Known limits are paced a little under, so the endpoint's own clock and network jitter don't tip a request over. */
const PACE_MARGIN = 0.97;
/** 3 % of a second, less a little: how far behind its schedule the pace may run and catch up. */
const SCHEDULE_SLACK_MS = 25;
/** Tokens may run ahead of their pace by this much: token limits are per minute, requests vary in size. */
const TOKEN_TOLERANCE_MS = 1000;
/** A refusal at a known limit's pace: the endpoint's clock disagrees a little, so a gentle cut. */
const PACED_DECREASE = 0.9;
/** A new connection starts with this many requests in flight and adds one per success (slow start, as TCP). */
const INITIAL_WINDOW = 4;
const MAX_WINDOW = 256;

/**
 * Keeps the requests of one connection (base URL, key, model) within what the endpoint
 * accepts. Each control is only active once something calls for it, so an endpoint without
 * limits sees requests as fast as the callers send them after a slow start:
 * - a pause: every request waits out retry-after(-ms), or x-ratelimit-reset-* when
 *   x-ratelimit-remaining-* reaches 0;
 * - a pace (requests and tokens per second, GCRA): the configured rpm/tpm or the limits the
 *   endpoint announces in x-ratelimit-limit-*, times this process's share of them, a little
 *   under; a refusal at that pace cuts it to 0.9x, and each success raises it by 1/pace back
 *   up to the limit (AIMD on the rate); a pace just learnt lets the requests of the last
 *   second count first;
 * - a window of requests in flight: 4 for a new connection, one more per success (slow
 *   start), until the first refusal (a caller that states how many it sends at once starts
 *   at that many instead, while nothing has been refused: see expectConcurrency); then, when no rate is known, halved on a refusal and
 *   grown by 1/window per success (AIMD, as TCP does).
 * Only the first refusal among requests sent before the last cut counts as a new
 * congestion signal, so a burst of 429s is one decrease, not one per request.
 */
const minKnown = (...values: (number | null | undefined)[]): number | null => {
  const known = values.filter((v): v is number => typeof v === 'number' && v > 0);
  return known.length ? Math.min(...known) : null;
};

export class AdaptiveLimiter {
  private inFlight = 0;
  private window: number | null = INITIAL_WINDOW;
  private slowStart = true;
  /** Start times of the last second: what a newly learnt pace must count as already sent. */
  private recentStarts: number[] = [];
  private pausedUntil = 0;
  private requestTat = 0;
  private tokenTat = 0;
  private rate: number | null = null;
  private learnedRpm: number | null = null;
  private learnedTpm: number | null = null;
  private started = 0;
  /** Requests started up to this count were sent before the last cut. */
  private cutAfter = 0;
  private consecutiveRefusals = 0;
  private refusingSince: number | null = null;
  private waitingSince: number | null = null;
  private refused = 0;
  private queue: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private limits: ConnectionLimits = {}) {}

  configure(limits: ConnectionLimits): void {
    this.limits = limits;
    this.pump();
  }

  /**
   * A caller that keeps `concurrency` requests in flight by its own setting (a replay's): while
   * the endpoint has refused nothing, the window opens to that at once rather than crawling up
   * from 4, a round trip per doubling. After a refusal the window it adapted to stands.
   */
  expectConcurrency(concurrency: number): void {
    if (!this.slowStart || this.window === null || !(concurrency > this.window)) return;
    this.window = concurrency > MAX_WINDOW ? null : Math.floor(concurrency);
    this.pump();
  }

  state(): LimiterState {
    return {
      refused: this.refused,
      waitingSince: this.waitingSince,
      refusingSince: this.refusingSince,
      window: this.window,
      requestsPerSecond: this.requestPace(),
      limitRpm: minKnown(this.limits.rpm, this.learnedRpm),
    };
  }

  /**
   * Waits until a request of about `tokens` tokens may start. `front` puts it ahead of the
   * queue: a request retried after a refusal has waited its turn already.
   */
  acquire(tokens: number, options: { signal?: AbortSignal; front?: boolean } = {}): Promise<Permit> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError());
    const now = Date.now();
    if (this.queue.length === 0 && this.delay(now, tokens) === 0) return Promise.resolve(this.start(now, tokens, now));
    this.waitingSince ??= now;
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = { tokens, enqueuedAt: now, resolve };
      const onAbort = () => {
        const at = this.queue.indexOf(waiter);
        if (at !== -1) this.queue.splice(at, 1);
        reject(abortError());
        this.pump();
      };
      waiter.resolve = (permit) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(permit);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (options.front) this.queue.unshift(waiter);
      else this.queue.push(waiter);
      this.pump();
    });
  }

  private requestPace(): number | null {
    const ceiling = this.requestCeiling();
    if (ceiling === null) return this.rate;
    return this.rate === null ? ceiling : Math.min(this.rate, ceiling);
  }

  private requestCeiling(): number | null {
    return ceiling([this.limits.rpm, this.learnedRpm]);
  }

  private tokenPace(): number | null {
    return ceiling([this.limits.tpm, this.learnedTpm]);
  }

  private delay(now: number, tokens: number): number {
    if (this.window !== null && this.inFlight >= Math.max(1, Math.floor(this.window))) return Infinity;
    let at = this.pausedUntil;
    if (this.requestPace() !== null) at = Math.max(at, this.requestTat);
    if (this.tokenPace() !== null && tokens > 0) at = Math.max(at, this.tokenTat - TOKEN_TOLERANCE_MS);
    return Math.max(0, at - now);
  }

  private start(now: number, tokens: number, enqueuedAt: number): Permit {
    this.inFlight++;
    const seq = ++this.started;
    this.recentStarts.push(now);
    while (this.recentStarts[0] <= now - 1000) this.recentStarts.shift();
    const pace = this.requestPace();
    // Timers fire late under load; keeping to the schedule (up to SCHEDULE_SLACK_MS or half an
    // interval behind) lets the next request make up for it, where restarting from now would
    // lose every delay. The slack stays within the pace margin: no second holds more than the limit.
    if (pace !== null) this.requestTat = Math.max(this.requestTat, now - Math.min(SCHEDULE_SLACK_MS, 500 / pace)) + 1000 / pace;
    const tokenPace = this.tokenPace();
    if (tokenPace !== null) this.tokenTat = Math.max(this.tokenTat, now - TOKEN_TOLERANCE_MS) + (tokens * 1000) / tokenPace;
    let finished = false;
    return {
      waitedMs: now - enqueuedAt,
      done: (outcome) => {
        if (finished) return;
        finished = true;
        this.inFlight--;
        this.finish(seq, tokens, outcome);
        this.pump();
      },
    };
  }

  private finish(seq: number, estimatedTokens: number, outcome: PermitOutcome): void {
    if (outcome.kind === 'other') return;
    const now = Date.now();
    const headers = readRateLimitHeaders(outcome.headers, now);
    const unpaced = this.requestPace() === null;
    if (headers.limitRequests !== null && headers.limitRequests > 0) this.learnedRpm = headers.limitRequests;
    const pace = this.requestPace();
    if (unpaced && pace !== null) {
      // The requests of the last second count against the limit just learnt: the pace starts after them.
      this.recentStarts = this.recentStarts.filter((t) => t > now - 1000);
      this.requestTat = Math.max(this.requestTat, now) + (this.recentStarts.length * 1000) / pace;
    }
    if (headers.limitTokens !== null && headers.limitTokens > 0) this.learnedTpm = headers.limitTokens;

    if (outcome.kind === 'ok') {
      this.consecutiveRefusals = 0;
      this.refusingSince = null;
      // Nothing left: wait for the reset the endpoint gives.
      const resets = [
        headers.remainingRequests === 0 ? headers.resetRequestsMs : null,
        headers.remainingTokens === 0 ? headers.resetTokensMs : null,
      ].filter((ms): ms is number => ms !== null);
      if (resets.length > 0) this.pausedUntil = Math.max(this.pausedUntil, now + Math.max(...resets));
      const tokenPace = this.tokenPace();
      if (tokenPace !== null && outcome.tokens !== undefined) {
        this.tokenTat += ((outcome.tokens - estimatedTokens) * 1000) / tokenPace;
      }
      if (this.rate !== null) {
        this.rate += 1 / this.rate;
        const cap = this.requestCeiling();
        if (cap !== null && this.rate >= cap) this.rate = null;
      }
      if (this.window !== null) {
        this.window += this.slowStart ? 1 : 1 / this.window;
        if (this.window > MAX_WINDOW) this.window = null;
      }
      return;
    }

    this.refused++;
    this.consecutiveRefusals++;
    this.refusingSince ??= now;
    const backoff = Math.min(8000, 250 * 2 ** Math.min(this.consecutiveRefusals - 1, 6)) * (0.75 + Math.random() * 0.25);
    this.pausedUntil = Math.max(this.pausedUntil, now + (headers.retryAfterMs ?? backoff));
    // One cut per congestion event: requests that left before the last cut were sent at the old pace.
    if (seq <= this.cutAfter) return;
    this.cutAfter = this.started;
    this.slowStart = false;
    const known = this.requestCeiling();
    if (known !== null) {
      this.rate = (this.rate ?? known) * PACED_DECREASE;
      return;
    }
    this.window = Math.max(1, Math.floor((this.window ?? this.inFlight + 1) / 2));
  }

  private pump(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const now = Date.now();
    while (this.queue.length > 0) {
      const head = this.queue[0];
      const wait = this.delay(now, head.tokens);
      if (wait === Infinity) break;
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, Math.ceil(wait));
        break;
      }
      this.queue.shift();
      head.resolve(this.start(now, head.tokens, head.enqueuedAt));
    }
    if (this.queue.length === 0) this.waitingSince = null;
  }
}

/** The pace of the lowest of these per-minute limits, in units per second, for this process's share. */
function ceiling(perMinute: (number | null | undefined)[]): number | null {
  const known = perMinute.filter((x): x is number => typeof x === 'number' && x > 0);
  if (known.length === 0) return null;
  return (Math.min(...known) / 60) * rateLimitShare() * PACE_MARGIN;
}

function abortError(): Error {
  const error = new Error('The judge request was aborted while waiting for the rate limit');
  error.name = 'AbortError';
  return error;
}

interface LimiterRegistry {
  limiters: Map<string, AdaptiveLimiter>;
  share: number;
}

// On globalThis: Next.js dev reloads modules, and every judge of the process must share one limiter per connection.
const REGISTRY = Symbol.for('turnwise.judgeLimiters');
function registry(): LimiterRegistry {
  const holder = globalThis as { [REGISTRY]?: LimiterRegistry };
  return (holder[REGISTRY] ??= { limiters: new Map(), share: 1 });
}

/**
 * This process's share of every configured or announced rate limit, in (0, 1]: worker
 * processes sharing one endpoint each take theirs (lib/jobs/rate-limit-share.ts).
 */
export function setRateLimitShare(share: number): void {
  registry().share = Number.isFinite(share) && share > 0 ? Math.min(1, share) : 1;
}
export const rateLimitShare = (): number => registry().share;

/**
 * The limiter every judge of this process on the same base URL, key and model shares.
 * `concurrency`: what the caller sends at once, the window's start (expectConcurrency).
 */
export function sharedLimiter(connection: { baseURL: string; apiKey: string | null; model: string }, limits: ConnectionLimits, concurrency?: number): AdaptiveLimiter {
  const keyId = connection.apiKey ? createHash('sha256').update(connection.apiKey).digest('hex').slice(0, 16) : 'no-key';
  const key = `${connection.baseURL}\n${keyId}\n${connection.model}`;
  const { limiters } = registry();
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new AdaptiveLimiter(limits);
    limiters.set(key, limiter);
  } else if (limits.rpm != null || limits.tpm != null) {
    limiter.configure(limits);
  }
  if (concurrency !== undefined) limiter.expectConcurrency(concurrency);
  return limiter;
}
