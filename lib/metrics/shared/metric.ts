import type { Conversation, MetricName, MetricResult } from '../types';

/** The one interface every metric implements. */
export interface ConversationMetric {
  readonly name: MetricName;
  measure(conversation: Conversation): Promise<MetricResult>;
}
