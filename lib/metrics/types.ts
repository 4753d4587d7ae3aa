import { z } from 'zod';

// The shared domain types live in lib/domain; they are re-exported here for the metric engine's callers.
export { conversationSchema, turnSchema, type Conversation, type Turn } from '../domain/conversation';
// The built-in names are derived from the registry's descriptors (import METRIC_NAMES from there).
export type { MetricName } from './registry';
export type { JudgeCallRecord, MetricResult } from '../domain/metric-result';
export { emptyUsage, type Usage } from '../domain/usage';
export type { TurnVerdict, TurnVerdictValue, Verdict } from '../domain/verdict';

/** Options every metric takes (metrics.md, "Options every metric takes"). */
export const baseMetricOptionsSchema = z.object({
  threshold: z.number().min(0).max(1).default(0.5),
  /** Judge model override; the judge decides what a model name means. */
  model: z.string().optional(),
  includeReason: z.boolean().default(true),
  strictMode: z.boolean().default(false),
  /** Run independent judge calls of one metric concurrently. */
  asyncMode: z.boolean().default(true),
  /** Keep the rendered prompts in the steps as well as the structured ones. */
  verboseMode: z.boolean().default(false),
});
export type BaseMetricOptions = z.input<typeof baseMetricOptionsSchema>;
