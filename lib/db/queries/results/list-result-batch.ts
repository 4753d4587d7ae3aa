import type { Db } from '../../db-types';
import type { ResultRow } from '../../../domain/result-row';
import { resultRowSelect, toResultRow } from '../../rows/result-row';

/**
 * The results of a run for up to `take` conversations after `afterPosition`, in file order and
 * then metric name, with their verdicts: keyset pages over the dataset's (datasetId, position)
 * index, so an export reads a large run a page at a time. `lastPosition` is null once there are
 * no conversations left.
 */
export async function listResultBatch(
  db: Db,
  run: { id: string; datasetId: string },
  page: { afterPosition: number; take: number },
): Promise<{ rows: ResultRow[]; lastPosition: number | null }> {
  const conversations = await db.conversation.findMany({
    where: { datasetId: run.datasetId, position: { gt: page.afterPosition } },
    orderBy: { position: 'asc' },
    take: page.take,
    select: { id: true, position: true },
  });
  if (conversations.length === 0) return { rows: [], lastPosition: null };
  const results = await db.result.findMany({
    where: { runId: run.id, conversationId: { in: conversations.map((c) => c.id) } },
    orderBy: [{ conversation: { position: 'asc' } }, { metric: 'asc' }],
    select: resultRowSelect,
  });
  return { rows: results.map(toResultRow), lastPosition: conversations[conversations.length - 1].position };
}
