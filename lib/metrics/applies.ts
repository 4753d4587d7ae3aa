import { METRIC_NAMES, type Conversation, type MetricName } from './types';

const assistantTurns = (c: Conversation) => c.turns.filter((t) => t.role === 'assistant');

/**
 * Whether a conversation has the data a metric needs. Like deepeval, which refuses a test
 * case that lacks a metric's required fields, a run leaves such pairs out instead of
 * scoring them 0: faithfulness needs retrieval context, recall an expected output with
 * retrieval context, coverage reference context (`context`) on an assistant turn or the
 * conversation, turn contextual recall the conversation's expected outcome with retrieval context.
 * The conversational metrics apply to every conversation.
 */
export function metricApplies(name: MetricName, c: Conversation): boolean {
  switch (name) {
    case 'turn_faithfulness':
      return assistantTurns(c).some((t) => t.retrievalContext?.length);
    case 'contextual_recall':
      return assistantTurns(c).some((t) => t.expectedOutput?.trim() && t.retrievalContext?.length);
    case 'context_coverage':
      return assistantTurns(c).length > 0 && (assistantTurns(c).some((t) => t.context?.length) || Boolean(c.context?.length));
    case 'turn_contextual_recall':
      return Boolean(c.expectedOutcome?.trim()) && assistantTurns(c).some((t) => t.retrievalContext?.length);
    default:
      return true;
  }
}

/** What a conversation needs for each built-in metric to apply, as the new-run form says it. */
export const BUILT_IN_NEEDS: Record<MetricName, string> = {
  knowledge_retention: 'user and assistant turns',
  turn_faithfulness: 'retrieval context on assistant turns',
  conversation_relevancy: 'user and assistant turns',
  contextual_recall: 'an expected output and retrieval context on assistant turns',
  context_coverage: 'context items on assistant turns or the conversation',
  turn_contextual_recall: "the conversation's expected outcome and retrieval context on assistant turns",
};

/** The metrics a dataset has the data for, used when none are named. */
export function applicableMetrics(conversations: Conversation[]): MetricName[] {
  return METRIC_NAMES.filter((m) => conversations.some((c) => metricApplies(m, c)));
}
