import type { Db } from '../../db-types';
import { parseTurnVerdictValue, type TurnVerdictValue } from '../../../domain/verdict';
import { listRunConversationScores } from './list-run-conversation-scores';
import type { RunTableQuery } from '../../../domain/run-table-query';

export interface VerdictMapPage {
  conversations: { id: string; label: string; roles: string[] }[];
  verdicts: { conversationId: string; metric: string; turnIndex: number; verdict: TurnVerdictValue }[];
  /** Conversations the table's filters let through (all of the run's without a filter). */
  total: number;
}

/**
 * One page of the run's per-turn verdict map: the conversations the table shows under the same
 * filters and order (its page counted in map rows), with their turns' roles and verdicts.
 */
export async function listRunVerdictMap(
  db: Db,
  run: { id: string; datasetId: string; conversationCount: number },
  query: RunTableQuery,
  size: number,
  /** The run's per-metric counts, as the table reads them (they spare counting the rows the filters let through). */
  stats?: Parameters<typeof listRunConversationScores>[4],
): Promise<VerdictMapPage> {
  const picked = await listRunConversationScores(db, run, { ...query, page: query.mapPage }, size, stats);
  const ids = picked.rows.map((r) => r.id);
  if (ids.length === 0) return { conversations: [], verdicts: [], total: picked.total };
  const [turns, verdicts] = await Promise.all([
    db.turn.findMany({ where: { conversationId: { in: ids } }, orderBy: { index: 'asc' }, select: { conversationId: true, role: true } }),
    db.turnVerdict.findMany({
      where: { runId: run.id, conversationId: { in: ids } },
      select: { conversationId: true, metric: true, turnIndex: true, verdict: true, voteShare: true },
    }),
  ]);
  const roles = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const t of turns) roles.get(t.conversationId)?.push(t.role);
  return {
    conversations: picked.rows.map((c) => ({ id: c.id, label: c.label, roles: roles.get(c.id) ?? [] })),
    verdicts: verdicts.map((v) => ({ ...v, verdict: parseTurnVerdictValue(v.verdict) })),
    total: picked.total,
  };
}
