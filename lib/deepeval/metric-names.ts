import type { MetricName } from '../metrics/registry';

/**
 * deepeval's display names (each metric's `__name__`) of the metrics Turnwise implements as the
 * same metric (lib/metrics/README.md), so that a deepeval run and a Turnwise run of one metric
 * compare. Turn relevancy was called conversation relevancy before deepeval 3.
 */
const SAME_METRIC: Record<string, MetricName> = {
  'Knowledge Retention': 'knowledge_retention',
  'Turn Relevancy': 'conversation_relevancy',
  'Conversation Relevancy': 'conversation_relevancy',
  'Turn Faithfulness': 'turn_faithfulness',
  'Role Adherence': 'role_adherence',
  'Conversation Completeness': 'conversation_completeness',
  'Turn Contextual Recall': 'turn_contextual_recall',
  'Turn Contextual Precision': 'turn_contextual_precision',
  'Turn Contextual Relevancy': 'turn_contextual_relevancy',
  'Goal Accuracy': 'goal_accuracy',
  'Topic Adherence': 'topic_adherence',
  'Tool Use': 'tool_use',
  'Contextual Recall': 'contextual_recall',
};

/** Turnwise's name of a deepeval metric: the same metric's where Turnwise has it, else deepeval's own (G-Eval, DAG, custom ones). */
export const turnwiseMetricName = (deepevalName: string): string => SAME_METRIC[deepevalName] ?? deepevalName;
