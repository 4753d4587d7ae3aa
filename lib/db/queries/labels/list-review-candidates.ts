import { parseTurnVerdictValue, STABLE_SHARE, type TurnVerdictValue } from '../../../domain/verdict';
import type { Db } from '../../db-types';

export interface ReviewCandidate {
  id: string;
  conversationId: string;
  conversationName: string;
  position: number;
  turnIndex: number;
  verdict: TurnVerdictValue;
}

/** A run's per-turn verdicts for one metric that a person could review: all judged ones, the failing ones, or the unstable ones. */
export async function listReviewCandidates(db: Db, runId: string, metric: string, which: 'sample' | 'failing' | 'unstable'): Promise<ReviewCandidate[]> {
  const rows = await db.turnVerdict.findMany({
    where: {
      runId,
      metric,
      verdict: which === 'failing' ? 'no' : { in: ['yes', 'no', 'idk'] },
      ...(which === 'unstable' ? { voteShare: { lt: STABLE_SHARE } } : {}),
    },
    select: { id: true, conversationId: true, turnIndex: true, verdict: true, conversation: { select: { name: true, externalId: true, position: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    conversationName: r.conversation.name ?? r.conversation.externalId ?? `Conversation ${r.conversation.position + 1}`,
    position: r.conversation.position,
    turnIndex: r.turnIndex,
    verdict: parseTurnVerdictValue(r.verdict),
  }));
}

/** The turns a reviewer labelled for one metric among the given conversations, as "conversationId:turnIndex". */
export async function listReviewedTurns(db: Db, metric: string, reviewerId: string, conversationIds: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < conversationIds.length; i += 500) {
    const rows = await db.turnLabel.findMany({
      where: { metric, reviewerId, conversationId: { in: conversationIds.slice(i, i + 500) } },
      select: { conversationId: true, turnIndex: true },
    });
    for (const r of rows) out.add(`${r.conversationId}:${r.turnIndex}`);
  }
  return out;
}
