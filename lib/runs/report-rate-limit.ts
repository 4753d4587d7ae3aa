import type { Db } from '../db/queries/db-types';
import type { Judge } from '../judge/types';

/**
 * Keeps the run record told how the provider's rate limit holds the run back: requests
 * refused with 429 (added as they happen) and since when requests wait (cleared when they
 * stop). Written at most once a second, and only when something changed.
 */
export function reportRateLimit(db: Db, runId: string, judge: Judge, intervalMs = 1000): () => Promise<void> {
  if (!judge.rateLimit) return async () => undefined;
  const status = judge.rateLimit.bind(judge);
  let reported = 0;
  let waiting = false;
  let writing: Promise<unknown> = Promise.resolve();

  const write = (final: boolean) => {
    const now = status();
    const refused = now.refused - reported;
    const since = final ? null : now.waitingSince;
    if (refused === 0 && (since !== null) === waiting) return writing;
    reported = now.refused;
    waiting = since !== null;
    writing = writing
      .then(() =>
        db.run.update({
          where: { id: runId },
          data: {
            ...(refused > 0 ? { rateLimitRefusals: { increment: refused } } : {}),
            rateLimitedSince: since === null ? null : new Date(since),
          },
        }),
      )
      .catch(() => undefined);
    return writing;
  };
  const timer = setInterval(() => void write(false), intervalMs);
  return async () => {
    clearInterval(timer);
    await write(true);
  };
}
