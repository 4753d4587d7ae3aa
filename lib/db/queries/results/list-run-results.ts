import type { Db } from '../../db-types';
import type { ResultRow } from '../../../domain/result-row';
import { resultRowSelect, toResultRow } from '../../rows/result-row';

/** One page of a run's results with their verdicts, in file order then metric name, and how many there are. */
export async function listRunResults(db: Db, runId: string, page: { skip: number; take: number }): Promise<{ items: ResultRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.result.findMany({
      where: { runId },
      orderBy: [{ conversation: { position: 'asc' } }, { metric: 'asc' }],
      skip: page.skip,
      take: page.take,
      select: resultRowSelect,
    }),
    db.result.count({ where: { runId } }),
  ]);
  return { items: rows.map(toResultRow), total };
}
