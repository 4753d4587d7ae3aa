import type { Db } from '../../db-types';

/** "<conversationId>:<metric>" of every result a run already has (optionally for some conversations). */
export async function listStoredItems(db: Db, runId: string, conversationIds?: string[]): Promise<Set<string>> {
  const rows = await db.result.findMany({
    where: { runId, ...(conversationIds ? { conversationId: { in: conversationIds } } : {}) },
    select: { conversationId: true, metric: true },
  });
  return new Set(rows.map((r) => storedItemKey(r.conversationId, r.metric)));
}

export const storedItemKey = (conversationId: string, metric: string): string => `${conversationId}:${metric}`;
