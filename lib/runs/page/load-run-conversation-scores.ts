import 'server-only';
import { getDb } from '../../db/client';
import { listRunConversationScores } from '../../db/queries/runs/list-run-conversation-scores';
import type { RunTableQuery } from '../../domain/run-table-query';
import type { RunScoreStats } from '../aggregates/score-stats';

/** The conversation table: one page of the run's conversations with their scores, filtered and sorted by the URL. */
export async function loadRunConversationScores(run: Parameters<typeof listRunConversationScores>[1], query: RunTableQuery, pageSize: number, stats: Promise<RunScoreStats>) {
  return listRunConversationScores(getDb(), run, query, pageSize, await stats);
}
