import { listConversationsAt } from '../db/queries/datasets/conversation-pages';
import { getDataset } from '../db/queries/datasets/get-dataset';
import type { Db } from '../db/db-types';
import { AppError } from '../errors';
import type { Judge } from '../judge/types';
import { createGEvalMetric, type GEvalDefinition } from '../metrics/g-eval';
import { gEvalApplies } from '../metrics/g-eval/applies';
import { refuseLlmOnlyMetricsOnOffline } from '../metrics/needs-llm-judge';
import type { MetricResult } from '../domain/metric-result';
import { withEvaluationSteps } from './write-steps';

export interface CustomMetricTrial {
  /** The definition as tried: its evaluation steps written when it had none. */
  definition: GEvalDefinition;
  stepsWritten: boolean;
  conversation: { position: number; turns: number };
  result: MetricResult;
}

/**
 * Measures an unsaved definition on one conversation of a dataset (numbered from 1, as the
 * dataset page numbers them), so that its author reads the judge's answer before saving.
 * Nothing is stored but the judge's replies in the cache.
 */
export async function tryCustomMetric(
  db: Db,
  projectId: string,
  input: { definition: GEvalDefinition; datasetId: string; conversation: number },
  judge: Judge,
): Promise<CustomMetricTrial> {
  // As a run would: the offline judge cannot read the criteria, so its number would mean nothing.
  refuseLlmOnlyMetricsOnOffline(judge.kind, [{ name: input.definition.name, custom: true }], 'judge');
  const dataset = await getDataset(db, projectId, input.datasetId);
  if (!Number.isInteger(input.conversation) || input.conversation < 1 || input.conversation > dataset.conversationCount) {
    throw new AppError('BAD_INPUT', `conversation: ${dataset.name} has conversations 1 to ${dataset.conversationCount}`, { field: 'conversation' });
  }
  const [found] = await listConversationsAt(db, dataset.id, [input.conversation - 1]);
  if (!found) throw new AppError('BAD_INPUT', `conversation: ${dataset.name} has no conversation ${input.conversation}`, { field: 'conversation' });
  if (!gEvalApplies(input.definition, found.conversation)) {
    throw new AppError('BAD_INPUT', `conversation: conversation ${input.conversation} lacks what the metric shows its judge (an assistant turn and every field it names)`, {
      field: 'conversation',
    });
  }
  const { definition, written } = await withEvaluationSteps(input.definition, judge);
  const result = await createGEvalMetric(definition, judge).measure(found.conversation);
  return { definition, stepsWritten: written, conversation: { position: input.conversation, turns: found.conversation.turns.length }, result };
}
