import type { Db, DbOrTx } from '../../db-types';

const ENDED = ['completed', 'completed_with_errors', 'failed', 'cancelled'];

/**
 * Ids of the results that errored as a whole, or kept a turn or window the judge could not
 * judge (a verdict "error"); each read goes through its own index.
 */
async function erroredResultIds(db: DbOrTx, runId: string): Promise<{ ids: string[]; whole: number }> {
  const [whole, partial] = await Promise.all([
    db.result.findMany({ where: { runId, error: { not: null } }, select: { id: true } }),
    db.turnVerdict.findMany({ where: { runId, verdict: 'error' }, select: { resultId: true }, distinct: ['resultId'] }),
  ]);
  const ids = new Set([...whole.map((r) => r.id), ...partial.map((v) => v.resultId)]);
  return { ids: [...ids], whole: whole.length };
}

/**
 * How many results of a run a re-run of the errored ones would score again (`total`), of which
 * `whole` errored as a whole (the run's error count) and the rest kept a turn the judge could not judge.
 */
export async function countErroredResults(db: Db, runId: string): Promise<{ total: number; whole: number }> {
  const { ids, whole } = await erroredResultIds(db, runId);
  return { total: ids.length, whole };
}

/**
 * Deletes the errored results of an ended run and queues the run again, in one transaction,
 * so its workers score just those items (everything else stays stored). The judge usage the
 * failed attempts spent stays counted. Returns how many results were reopened; 0 when the run
 * is not ended or has none, and then nothing changes.
 */
// across projects: the run its caller found in its project (a retry of errored results).
export async function reopenErroredResults(db: Db, runId: string): Promise<number> {
  return db.$transaction(async (tx) => {
    const run = await tx.run.findUnique({ where: { id: runId }, select: { status: true } });
    if (!run || !ENDED.includes(run.status)) return 0;
    const { ids, whole } = await erroredResultIds(tx, runId);
    if (ids.length === 0) return 0;
    await tx.result.deleteMany({ where: { id: { in: ids } } });
    const reopened = await tx.run.updateMany({
      where: { id: runId, status: run.status },
      data: {
        status: 'queued',
        doneItems: { decrement: ids.length },
        errorItems: { decrement: whole },
        error: null,
        finishedAt: null,
        workerId: null,
        leaseUntil: null,
      },
    });
    if (reopened.count !== 1) throw new Error(`run ${runId} changed while its errored results were reopened`);
    return ids.length;
  });
}
