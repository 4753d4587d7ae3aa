import { randomUUID } from 'node:crypto';
import type { MetricResult, TurnVerdict } from '../../../domain';
import type { Db } from '../../db-types';
import { isUniqueViolation } from '../../unique-violation';
import { resultRow, runCounterIncrements, turnVerdictRows } from './result-rows';
import { saveResult } from './save-result';

export interface ResultToSave {
  conversationId: string;
  result: MetricResult;
  /** The rows of the per-turn map, at most one per turn (lib/runs/lifecycle reduces them). */
  turnVerdicts: TurnVerdict[];
}

/**
 * Stores several conversation×metric results of a run with their per-turn verdicts and adds
 * their usage to the run, in one transaction of the same few statements however many there are: the
 * run's counters are one row every worker of the run updates, so one update per batch instead
 * of one per result is what lets workers write side by side. A result already stored (a resumed
 * chunk) is left as it is and not counted twice: the unique key refuses the batch (a chunk
 * skips what was stored before it started, so only a race with another worker gets there), and
 * each is then saved on its own as saveResult does, which stores only the missing ones.
 * Returns, in order, whether each was written.
 */
// across projects: a worker's own run, handed to it by the queue.
export async function saveResults(db: Db, runId: string, items: ResultToSave[]): Promise<boolean[]> {
  if (items.length === 0) return [];
  try {
    return await db.$transaction(async (tx) => {
      const rows = items.map(({ conversationId, result, turnVerdicts }) => ({ id: randomUUID(), conversationId, result, turnVerdicts }));
      await tx.result.createMany({ data: rows.map(({ id, conversationId, result }) => ({ id, ...resultRow(runId, conversationId, result) })) });
      const verdicts = rows.flatMap(({ id, conversationId, result, turnVerdicts }) => turnVerdictRows(id, runId, conversationId, result.metric, turnVerdicts));
      if (verdicts.length) await tx.turnVerdict.createMany({ data: verdicts });
      await tx.run.update({ where: { id: runId }, data: runCounterIncrements(items.map((i) => i.result)) });
      return items.map(() => true);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const written: boolean[] = [];
    for (const { conversationId, result, turnVerdicts } of items) written.push(await saveResult(db, runId, conversationId, result, turnVerdicts));
    return written;
  }
}
