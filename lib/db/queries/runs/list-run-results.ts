import type { Db } from '../db-types';

export interface RunResultRow {
  id: string;
  conversationId: string;
  conversationName: string;
  metric: string;
  score: number | null;
  success: boolean;
  reason: string | null;
  error: string | null;
}

/** One page of a run's results, conversation by conversation. */
export async function listRunResults(
  db: Db,
  runId: string,
  page: { skip: number; take: number },
): Promise<{ rows: RunResultRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.result.findMany({
      where: { runId },
      orderBy: [{ conversation: { position: 'asc' } }, { metric: 'asc' }],
      skip: page.skip,
      take: page.take,
      select: {
        id: true,
        conversationId: true,
        conversation: { select: { name: true, externalId: true, position: true } },
        metric: true,
        score: true,
        success: true,
        reason: true,
        error: true,
      },
    }),
    db.result.count({ where: { runId } }),
  ]);
  return {
    rows: rows.map(({ conversation: c, ...r }) => ({ ...r, conversationName: c.name ?? c.externalId ?? `#${c.position + 1}` })),
    total,
  };
}
