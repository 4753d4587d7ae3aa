import type { Db } from '../db-types';

/** One metric's per-turn verdicts of a run on some conversations. */
export function listTurnVerdicts(db: Db, runId: string, conversationIds: string[], metric: string) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db.turnVerdict.findMany({
    where: { runId, metric, conversationId: { in: conversationIds } },
    select: { conversationId: true, turnIndex: true, verdict: true },
  });
}
