import type { Db } from '../../db-types';

export interface RunErrorItem {
  conversationId: string;
  conversationName: string;
  metric: string;
  error: string;
}

/** The results of a run that ended in an error, conversation by conversation. */
export async function listRunErrors(db: Db, runId: string, take = 20): Promise<RunErrorItem[]> {
  const rows = await db.result.findMany({
    where: { runId, error: { not: null } },
    orderBy: [{ conversation: { position: 'asc' } }, { metric: 'asc' }],
    take,
    select: {
      conversationId: true,
      conversation: { select: { name: true, externalId: true, position: true } },
      metric: true,
      error: true,
    },
  });
  return rows.map(({ conversation: c, ...r }) => ({
    conversationId: r.conversationId,
    conversationName: c.name ?? c.externalId ?? `#${c.position + 1}`,
    metric: r.metric,
    error: r.error ?? '',
  }));
}
