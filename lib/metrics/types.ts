import { z } from 'zod';

/** One message of a conversation, as every metric and importer sees it. */
export const turnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** Documents the assistant retrieved for this reply (deepeval's retrieval_context). */
  retrievalContext: z.array(z.string()).optional(),
  /** Reference items the reply should cover (Mastra's context); context_coverage reads it. */
  context: z.array(z.string()).optional(),
  toolsCalled: z.array(z.unknown()).optional(),
  /** The reply the assistant should have given (contextual_recall reads it). */
  expectedOutput: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type Turn = z.infer<typeof turnSchema>;

export const conversationSchema = z.object({
  externalId: z.string().optional(),
  name: z.string().optional(),
  scenario: z.string().optional(),
  expectedOutcome: z.string().optional(),
  chatbotRole: z.string().optional(),
  userDescription: z.string().optional(),
  context: z.array(z.string()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  turns: z.array(turnSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const METRIC_NAMES = [
  'knowledge_retention',
  'turn_faithfulness',
  'conversation_relevancy',
  'contextual_recall',
  'context_coverage',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

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

export type Verdict = 'yes' | 'no' | 'idk';

/** A verdict that belongs to one turn of the conversation. */
export interface TurnVerdict {
  /** Index of the turn in Conversation.turns that the verdict belongs to. */
  turn: number;
  verdict: Verdict;
  /** Score of the unit behind the verdict (window score, turn score), when it has one. */
  score?: number;
  reason: string;
  /** What was judged, e.g. the claim, the expected-output sentence or the context item. */
  subject?: string;
}

export interface Usage {
  /** Requests actually sent to the judge (cache hits excluded). */
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cacheHits: number;
  /** Estimated cost in USD; 0 for the offline judge or models without a price. */
  costUsd: number;
}

export const emptyUsage = (): Usage => ({ calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, costUsd: 0 });

/** A record of one judge call made for a metric, so the UI can show prompt and reply. */
export interface JudgeCallRecord {
  step: string;
  cacheKey: string;
  cached: boolean;
  promptTokens: number;
  completionTokens: number;
  /** Rendered messages, kept only in verbose mode. */
  messages?: { role: string; content: string }[];
}

export interface MetricResult {
  metric: MetricName;
  /** null when the metric errored. */
  score: number | null;
  success: boolean;
  threshold: number;
  strictMode: boolean;
  reason: string | null;
  error: string | null;
  verdicts: TurnVerdict[];
  /** Structured intermediate steps: facts, truths, claims, windows, sentences… */
  steps: Record<string, unknown>;
  calls: JudgeCallRecord[];
  usage: Usage;
}
