import type { Db } from '../db-types';
import { conversationLabel } from './list-run-conversation-scores';

export interface VerdictMapPage {
  conversations: { id: string; label: string; roles: string[] }[];
  verdicts: { conversationId: string; metric: string; turnIndex: number; verdict: string }[];
  total: number;
}

/** One page of the run's per-turn verdict map: conversations in dataset order with their turns' roles and verdicts. */
export async function listRunVerdictMap(
  db: Db,
  run: { id: string; datasetId: string; conversationCount: number },
  page: { skip: number; take: number },
): Promise<VerdictMapPage> {
  const conversations = await db.conversation.findMany({
      where: { datasetId: run.datasetId },
      orderBy: { position: 'asc' },
      skip: page.skip,
      take: page.take,
      select: { id: true, position: true, name: true, externalId: true, turns: { orderBy: { index: 'asc' }, select: { role: true } } },
  });
  const verdicts = conversations.length
    ? await db.turnVerdict.findMany({
        where: { runId: run.id, conversationId: { in: conversations.map((c) => c.id) } },
        select: { conversationId: true, metric: true, turnIndex: true, verdict: true, voteShare: true },
      })
    : [];
  return {
    conversations: conversations.map((c) => ({ id: c.id, label: conversationLabel(c), roles: c.turns.map((t) => t.role) })),
    verdicts,
    total: run.conversationCount,
  };
}
