import { addJudgeActivity } from '../../db/queries/runs/add-judge-activity';
import type { Db } from '../../db/db-types';
import type { Judge } from '../../judge/types';

export interface JudgeActivityOptions {
  /** Judge steps this worker has started and not yet seen answered. */
  inFlight?: () => number;
  intervalMs?: number;
}

/**
 * Keeps the run record told what its judge does as it happens, so the run page counts calls
 * before the first result is stored: requests answered with their tokens and cost (the *Sent
 * columns, so that calls whose results a cancel or a killed worker never stored still count),
 * steps in flight, requests refused with 429, since when requests wait on the rate limit
 * (cleared when they stop) and the limit the endpoint announced. Counts are written as
 * increments, so several workers on one run add up; each takes its in-flight share back when
 * it stops. Written at most once a second, and only when something changed.
 */
export function reportJudgeActivity(db: Db, runId: string, judge: Judge, options: JudgeActivityOptions = {}): () => Promise<void> {
  const status = judge.rateLimit?.bind(judge);
  const start = judge.usage();
  let reported = { calls: start.calls, tokens: start.promptTokens + start.completionTokens, cost: start.costUsd, inFlight: 0 };
  let reportedRefusals = 0;
  let reportedRpm: number | null = null;
  let waiting = false;
  let writing: Promise<unknown> = Promise.resolve();

  const write = (final: boolean) => {
    const usage = judge.usage();
    const now = { calls: usage.calls, tokens: usage.promptTokens + usage.completionTokens, cost: usage.costUsd, inFlight: final ? 0 : (options.inFlight?.() ?? 0) };
    const delta = { calls: now.calls - reported.calls, tokens: now.tokens - reported.tokens, cost: now.cost - reported.cost, inFlight: now.inFlight - reported.inFlight };
    const limit = status?.();
    const refused = limit ? limit.refused - reportedRefusals : 0;
    const since = final || !limit ? null : limit.waitingSince;
    const rpm = limit?.limitRpm ?? null;
    const rpmChanged = rpm !== null && rpm !== reportedRpm;
    if (delta.calls === 0 && delta.inFlight === 0 && refused === 0 && !rpmChanged && (since !== null) === waiting) return writing;
    reported = now;
    if (limit) reportedRefusals = limit.refused;
    reportedRpm = rpm ?? reportedRpm;
    waiting = since !== null;
    writing = writing
      .then(() =>
        addJudgeActivity(db, runId, {
          ...delta,
          refused,
          ...(rpmChanged ? { rpm } : {}),
          ...(status ? { rateLimitedSince: since === null ? null : new Date(since) } : {}),
        }),
      )
      .catch(() => {
        // Not written (the database away): the counts go with the next write instead of being lost.
        reported = { calls: reported.calls - delta.calls, tokens: reported.tokens - delta.tokens, cost: reported.cost - delta.cost, inFlight: reported.inFlight - delta.inFlight };
        reportedRefusals -= refused;
      });
    return writing;
  };
  const timer = setInterval(() => void write(false), options.intervalMs ?? 1000);
  return async () => {
    clearInterval(timer);
    await write(true);
  };
}
