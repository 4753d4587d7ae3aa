import type { Conversation } from '../../domain/conversation';
import type { MetricResult } from '../../domain/metric-result';

/** The one interface every metric implements. */
export interface ConversationMetric {
  /** A built-in metric's name (MetricName) or a custom metric's. */
  readonly name: string;
  measure(conversation: Conversation): Promise<MetricResult>;
}
