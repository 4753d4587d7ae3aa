/*
 * The suite's one way to wait for something another process, worker or server does: poll a check
 * until it holds. Never a fixed sleep. It keeps the real setTimeout captured at import, so it
 * still polls (and times out) while a test has installed fake timers.
 */
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now;

export interface WaitForOptions {
  /** Give up after this long (30 s). */
  timeoutMs?: number;
  /** Added to the timeout's error: what was seen instead (a worker's output, say). */
  detail?: () => string;
}

type Found<T> = Exclude<T, false | null | undefined | 0 | ''>;

/**
 * Calls `check` every 20 ms until it returns something truthy, and returns that. On timeout it
 * throws naming `what`, with the last value seen and `detail()`.
 */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, options: WaitForOptions = {}): Promise<Found<T>> {
  const deadline = realNow() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const value = await check();
    if (value) return value as Found<T>;
    if (realNow() > deadline) {
      const seen = typeof value === 'boolean' ? '' : `: last saw ${JSON.stringify(value)}`;
      throw new Error(`timed out waiting for ${what}${seen}${options.detail ? `\n${options.detail()}` : ''}`);
    }
    await new Promise((resolve) => realSetTimeout(resolve, 20));
  }
}
