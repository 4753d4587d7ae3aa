import type { Db } from '../../db-types';
import { parseTurnVerdictValue, type TurnVerdictValue } from '../../../domain/verdict';

export interface TurnVerdictRow {
  conversationId: string;
  turnIndex: number;
  verdict: TurnVerdictValue;
}

/** One metric's per-turn verdicts of a run on some conversations. */
export async function listTurnVerdicts(db: Db, runId: string, conversationIds: string[], metric: string): Promise<TurnVerdictRow[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db.turnVerdict.findMany({
    where: { runId, metric, conversationId: { in: conversationIds } },
    select: { conversationId: true, turnIndex: true, verdict: true },
  });
  return rows.map((r) => ({ ...r, verdict: parseTurnVerdictValue(r.verdict) }));
}
