import type { MetricResult, TurnVerdict } from '../../../domain';
import type { Db } from '../../db-types';
import { redactSecrets } from '../../../redact-secrets';

/**
 * Stores one conversation×metric result with its per-turn verdicts and adds its usage to
 * the run, in one transaction. A result that is already stored (a resumed run) is left as
 * it is and not counted twice, also when two workers race to store it; returns whether it was written. `turnVerdicts` are the rows of
 * the per-turn map, at most one per turn (lib/runs/lifecycle's recordResult reduces them).
 */
export async function saveResult(
  db: Db,
  runId: string,
  conversationId: string,
  result: MetricResult,
  turnVerdicts: TurnVerdict[] = result.verdicts,
): Promise<boolean> {
  const saving = db.$transaction(async (tx) => {
    const existing = await tx.result.findUnique({
      where: { runId_conversationId_metric: { runId, conversationId, metric: result.metric } },
      select: { id: true },
    });
    if (existing) return false;
    const stored = await tx.result.create({
      data: {
        runId,
        conversationId,
        metric: result.metric,
        score: result.score,
        success: result.success,
        threshold: result.threshold,
        reason: result.reason,
        error: result.error === null ? null : redactSecrets(result.error),
        warnings: result.warnings.length > 0 ? result.warnings.map((w) => redactSecrets(w)) : undefined,
        steps: result.steps as object,
        calls: result.calls as unknown as object[],
        judgeCalls: result.usage.calls,
        cacheHits: result.usage.cacheHits,
        promptTokens: result.usage.promptTokens,
        completionTokens: result.usage.completionTokens,
        costUsd: result.usage.costUsd,
      },
      select: { id: true },
    });
    if (turnVerdicts.length) {
      await tx.turnVerdict.createMany({
        data: turnVerdicts.map((v) => ({
          resultId: stored.id,
          runId,
          conversationId,
          metric: result.metric,
          turnIndex: v.turn,
          verdict: v.verdict,
          score: v.score ?? null,
          // A unit the judge failed on carries the judge's error as its reason.
          reason: v.verdict === 'error' ? redactSecrets(v.reason) : v.reason,
          voteShare: v.voteShare ?? null,
        })),
      });
    }
    await tx.run.update({
      where: { id: runId },
      data: {
        doneItems: { increment: 1 },
        errorItems: { increment: result.error ? 1 : 0 },
        judgeCalls: { increment: result.usage.calls },
        cacheHits: { increment: result.usage.cacheHits },
        promptTokens: { increment: result.usage.promptTokens },
        completionTokens: { increment: result.usage.completionTokens },
        costUsd: { increment: result.usage.costUsd },
      },
    });
    return true;
  });
  // Two workers on one chunk (a job taken again after its expiry) may both find no result and
  // both insert: the loser's transaction fails on the unique key and rolls back; the result is stored once.
  return saving.catch((error: unknown) => {
    if ((error as { code?: string }).code === 'P2002') return false;
    throw error;
  });
}
