import 'server-only';
import { reviewQueueOf } from '../../agreement/review-queue';
import { reviewStates } from '../../agreement/review-states';
import { getDb } from '../../db/client';
import { getRun } from '../../db/queries/runs/get-run';
import { listConversationTurnLabels } from '../../db/queries/labels/turn-labels';
import { runMetrics } from '../../metrics/run-metrics';
import { loadRunConversation } from './load-run-conversation';

/** The run's conversation page: the run, its metrics, the conversation with its results, each turn's review labels and the review queue it was opened from. NOT_FOUND for an unknown run or conversation. */
export async function loadRunConversationPage(projectId: string, runId: string, conversationId: string, queueParam: string | string[] | undefined, readerId: string) {
  const db = getDb();
  const run = await getRun(db, projectId, runId);
  const conversation = await loadRunConversation(db, run, conversationId);
  const metrics = runMetrics(run.metricSettings);
  const reviewsByTurn = reviewStates(await listConversationTurnLabels(db, conversation.id), readerId);
  const queue = await reviewQueueOf(db, run.id, queueParam, readerId);
  return { run, conversation, metrics, reviewsByTurn, queue };
}
