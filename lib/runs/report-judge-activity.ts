import type { Db } from '../db/queries/db-types';
import type { Judge } from '../judge/types';

/**
 * Keeps the run record told what its judge does as it happens: requests answered (judgeCallsSent,
 * so that calls whose results a cancel or a killed worker never stored still count), requests
 * refused with 429, and since when requests wait on the rate limit (cleared when they stop).
 * Written at most once a second, and only when something changed.
 */
export function reportJudgeActivity(db: Db, runId: string, judge: Judge, intervalMs = 1000): () => Promise<void> {
  const status = judge.rateLimit?.bind(judge);
  let reportedCalls = judge.usage().calls;
  let reportedRefusals = 0;
  let waiting = false;
  let writing: Promise<unknown> = Promise.resolve();

  const write = (final: boolean) => {
    const calls = judge.usage().calls - reportedCalls;
    const now = status?.();
    const refused = now ? now.refused - reportedRefusals : 0;
    const since = final || !now ? null : now.waitingSince;
    if (calls === 0 && refused === 0 && (since !== null) === waiting) return writing;
    reportedCalls += calls;
    if (now) reportedRefusals = now.refused;
    waiting = since !== null;
    writing = writing
      .then(() =>
        db.run.update({
          where: { id: runId },
          data: {
            ...(calls > 0 ? { judgeCallsSent: { increment: calls } } : {}),
            ...(refused > 0 ? { rateLimitRefusals: { increment: refused } } : {}),
            ...(status ? { rateLimitedSince: since === null ? null : new Date(since) } : {}),
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
