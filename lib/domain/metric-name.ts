export const METRIC_NAMES = [
  'knowledge_retention',
  'turn_faithfulness',
  'conversation_relevancy',
  'contextual_recall',
  'context_coverage',
  'turn_contextual_recall',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];
