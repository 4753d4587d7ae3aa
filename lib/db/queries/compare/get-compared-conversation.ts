import type { Db } from '../../db-types';
import { parseTurnVerdictValue, type TurnVerdictValue } from '../../../domain/verdict';

export interface ComparedConversation {
  id: string;
  label: string;
  turns: { index: number; role: string; content: string }[];
  results: { metric: string; score: number | null; success: boolean; threshold: number; reason: string | null; error: string | null }[];
  verdicts: { metric: string; turnIndex: number; verdict: TurnVerdictValue; reason: string }[];
}

/** One conversation as one run saw it: its turns, the run's results and turn verdicts on it. */
export async function getComparedConversation(db: Db, runId: string, conversationId: string): Promise<ComparedConversation | null> {
  const [conversation, results, verdicts] = await Promise.all([
    db.conversation.findUnique({
      where: { id: conversationId },
      select: {
        id: true,
        name: true,
        externalId: true,
        scenario: true,
        position: true,
        turns: { orderBy: { index: 'asc' }, select: { index: true, role: true, content: true } },
      },
    }),
    db.result.findMany({
      where: { runId, conversationId },
      select: { metric: true, score: true, success: true, threshold: true, reason: true, error: true },
    }),
    db.turnVerdict.findMany({
      where: { runId, conversationId },
      orderBy: [{ turnIndex: 'asc' }, { metric: 'asc' }],
      select: { metric: true, turnIndex: true, verdict: true, reason: true },
    }),
  ]);
  if (!conversation) return null;
  return {
    id: conversation.id,
    label: conversation.name ?? conversation.externalId ?? conversation.scenario ?? `#${conversation.position + 1}`,
    turns: conversation.turns,
    results,
    verdicts: verdicts.map((v) => ({ ...v, verdict: parseTurnVerdictValue(v.verdict) })),
  };
}
