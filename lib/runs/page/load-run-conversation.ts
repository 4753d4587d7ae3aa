import type { Db } from '../../db/db-types';
import { getRunConversationRow, type RunConversationResultRow, type RunConversationRow } from '../../db/queries/conversations/get-run-conversation';
import { parseJudgeCalls, parseResultSteps, type StoredJudgeCall, type ResultSteps } from '../../conversations/result-details';
import { importedDetailsOf } from '../../domain/imported-result';

/** A result as the run's conversation page shows it: its steps read with its metric's view, its call records checked. */
export interface RunConversationResult extends Omit<RunConversationResultRow, 'steps' | 'calls'> {
  steps: ResultSteps;
  calls: StoredJudgeCall[];
  unreadableCalls: number;
  /** Scored by another tool (deepeval…): its steps are that tool's log, with no window detail and no judge call of Turnwise's. */
  imported: boolean;
}

export interface RunConversation extends Omit<RunConversationRow, 'results'> {
  results: RunConversationResult[];
}

/** The run's conversation page: a conversation of the run's dataset with everything the run stored about it. */
export async function loadRunConversation(db: Db, run: { id: string; datasetId: string }, conversationId: string): Promise<RunConversation> {
  const row = await getRunConversationRow(db, run, conversationId);
  return {
    ...row,
    results: row.results.map(({ steps, calls, ...r }) => {
      const parsed = parseJudgeCalls(calls);
      return { ...r, steps: parseResultSteps(r.metric, steps), calls: parsed.calls, unreadableCalls: parsed.unreadable, imported: importedDetailsOf(steps) !== null };
    }),
  };
}
