import { METRIC_NAMES, type Conversation, type MetricName } from '../metrics/types';

/**
 * The metrics a dataset has the data for, used when none are named: the conversational
 * ones always, faithfulness with retrieval context, recall with expected outputs and
 * retrieval context, coverage with reference context.
 */
export function applicableMetrics(conversations: Conversation[]): MetricName[] {
  const turns = conversations.flatMap((c) => c.turns.filter((t) => t.role === 'assistant'));
  const has = {
    knowledge_retention: true,
    conversation_relevancy: true,
    turn_faithfulness: turns.some((t) => t.retrievalContext?.length),
    contextual_recall: turns.some((t) => t.expectedOutput?.trim() && t.retrievalContext?.length),
    context_coverage: turns.some((t) => t.context?.length),
  } satisfies Record<MetricName, boolean>;
  return METRIC_NAMES.filter((m) => has[m]);
}
