import type { Db } from '../../db-types';

/** What a run's judge did since the last report: counters to add, and the rate limiter's state to set. */
export interface JudgeActivityDelta {
  calls: number;
  tokens: number;
  cost: number;
  inFlight: number;
  refused: number;
  /** The limit the limiter now paces under; undefined when unchanged. */
  rpm?: number | null;
  /** When the run started waiting for the limiter (null: not waiting); undefined when the limiter is not reported. */
  rateLimitedSince?: Date | null;
}

// across projects: a worker's own run, handed to it by the queue.
export async function addJudgeActivity(db: Db, runId: string, delta: JudgeActivityDelta): Promise<void> {
  await db.run.update({
    where: { id: runId },
    data: {
      ...(delta.calls > 0 ? { judgeCallsSent: { increment: delta.calls } } : {}),
      ...(delta.tokens > 0 ? { judgeTokensSent: { increment: delta.tokens } } : {}),
      ...(delta.cost > 0 ? { judgeCostSent: { increment: delta.cost } } : {}),
      ...(delta.inFlight !== 0 ? { judgeCallsInFlight: { increment: delta.inFlight } } : {}),
      ...(delta.refused > 0 ? { rateLimitRefusals: { increment: delta.refused } } : {}),
      ...(delta.rpm !== undefined ? { rateLimitRpm: delta.rpm } : {}),
      ...(delta.rateLimitedSince !== undefined ? { rateLimitedSince: delta.rateLimitedSince } : {}),
    },
  });
}
