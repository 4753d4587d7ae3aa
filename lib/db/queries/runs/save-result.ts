import type { MetricResult, TurnVerdict } from '../../../domain';
import type { Db } from '../../db-types';
import { resultRow, turnVerdictRows } from './result-rows';

/**
 * Stores one conversation×metric result with its per-turn verdicts and adds its usage to
 * the run, in one transaction. A result that is already stored (a resumed run) is left as
 * it is and not counted twice, also when two workers race to store it; returns whether it was written. `turnVerdicts` are the rows of
 * the per-turn map, at most one per turn (lib/runs/lifecycle's recordResult reduces them).
 */
// across projects: a worker's own run, handed to it by the queue.
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
      data: resultRow(runId, conversationId, result),
      select: { id: true },
    });
    if (turnVerdicts.length) {
      await tx.turnVerdict.createMany({ data: turnVerdictRows(stored.id, runId, conversationId, result.metric, turnVerdicts) });
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
