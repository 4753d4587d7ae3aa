import { randomUUID } from 'node:crypto';
import type { Db } from '../../db-types';
import { insertRows } from '../datasets/save-dataset';
import { resultRow, runCounterIncrements, turnVerdictRows } from './result-rows';
import type { ResultToSave } from './save-results';

const RESULT_COLUMNS = ['id', 'runId', 'conversationId', 'metric', 'score', 'success', 'threshold', 'reason', 'error', 'warnings', 'steps', 'calls', 'judgeCalls', 'cacheHits', 'promptTokens', 'completionTokens', 'costUsd'] as const;
const VERDICT_COLUMNS = ['id', 'resultId', 'runId', 'conversationId', 'metric', 'turnIndex', 'verdict', 'score', 'reason', 'voteShare'] as const;
const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Stores results of a run that has none of them yet (a run imported whole), with their per-turn
 * verdicts, and adds them to the run's counters, in one transaction of multi-row INSERTs: the
 * client's createMany costs about ten times more per row, which a run imported at once pays for
 * thousands of results with their steps. A result already stored fails the transaction (unlike
 * saveResults, which a resumed worker needs).
 */
// across projects: a worker's own run, handed to it by the queue.
export async function insertResults(db: Db, runId: string, items: ResultToSave[]): Promise<void> {
  if (items.length === 0) return;
  const results: unknown[][] = [];
  const verdicts: unknown[][] = [];
  for (const { conversationId, result, turnVerdicts } of items) {
    const id = randomUUID();
    const row = resultRow(runId, conversationId, result);
    results.push([id, runId, conversationId, row.metric, row.score, row.success, row.threshold, row.reason, row.error, json(row.warnings), json(row.steps), json(row.calls), row.judgeCalls, row.cacheHits, row.promptTokens, row.completionTokens, row.costUsd]);
    for (const v of turnVerdictRows(id, runId, conversationId, result.metric, turnVerdicts)) {
      verdicts.push([randomUUID(), v.resultId, v.runId, v.conversationId, v.metric, v.turnIndex, v.verdict, v.score, v.reason, v.voteShare]);
    }
  }
  await db.$transaction(async (tx) => {
    await insertRows(tx, 'Result', RESULT_COLUMNS, results, 100);
    await insertRows(tx, 'TurnVerdict', VERDICT_COLUMNS, verdicts, 400);
    await tx.run.update({ where: { id: runId }, data: runCounterIncrements(items.map((i) => i.result)) });
  });
}
