import type { Db } from '../db/db-types';
import type { ComparedRun } from '../db/queries/compare/get-compared-runs';
import { getComparedConversation, type ComparedConversation } from '../db/queries/compare/get-compared-conversation';
import { AppError } from '../errors';
import { alignTurns, type AlignedTurn } from './align-turns';
import type { CompareSearch } from './compare-search';
import { loadComparison } from './load-comparison';

export interface SideBySideView {
  runs: ComparedRun[];
  key: string;
  /** Per run (baseline first): its copy of the conversation, null when it has none. */
  conversations: (ComparedConversation | null)[];
  metrics: string[];
  turns: AlignedTurn[];
  /** Turns that regressed, for the summary line. */
  regressedTurns: number[];
}

/** One conversation (by match key) in every run of a comparison, turns aligned. */
export async function loadSideBySide(db: Db, projectId: string, search: CompareSearch): Promise<SideBySideView> {
  if (!search.key) throw new AppError('BAD_INPUT', 'which conversation? the key is missing', { field: 'key' });
  const { runs, vectors, comparison } = await loadComparison(db, projectId, search.baseline ?? '', search.candidates);
  const row = comparison.keyMatch.keys.indexOf(search.key);
  if (row === -1) throw new AppError('NOT_FOUND', `no conversation with key ${search.key} in these runs`, { key: search.key });
  const conversations = await Promise.all(
    runs.map((run, r) => {
      const i = comparison.keyMatch.indexOf[r][row];
      return i < 0 ? null : getComparedConversation(db, run.id, vectors[r].conversationIds[i]);
    }),
  );
  const metrics = comparison.metrics.map((m) => m.metric);
  const turns = alignTurns(conversations, metrics);
  return { runs, key: search.key, conversations, metrics, turns, regressedTurns: turns.filter((t) => t.regressedMetrics.length).map((t) => t.index) };
}
