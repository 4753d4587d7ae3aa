import type { z } from 'zod';
import type { Judge } from '../judge/types';
import { ContextCoverageMetric, contextCoverageOptionsSchema } from './context-coverage';
import { ContextualRecallMetric, contextualRecallOptionsSchema } from './contextual-recall';
import { ConversationRelevancyMetric, conversationRelevancyOptionsSchema } from './conversation-relevancy';
import { KnowledgeRetentionMetric, knowledgeRetentionOptionsSchema } from './knowledge-retention';
import { assistantTurnsOf, segmentExchanges } from './shared/exchanges';
import { distinctNonBlank, isBlank } from './shared/messages';
import type { ConversationMetric } from './shared/metric';
import { parseMetricOptions } from './shared/options';
import { TurnContextualRecallMetric, turnContextualRecallOptionsSchema } from './turn-contextual-recall';
import { TurnFaithfulnessMetric, turnFaithfulnessOptionsSchema } from './turn-faithfulness';
import type { Conversation, MetricName } from './types';

/** The options schema of every metric, by name. */
export const metricOptionsSchemas = {
  knowledge_retention: knowledgeRetentionOptionsSchema,
  turn_faithfulness: turnFaithfulnessOptionsSchema,
  conversation_relevancy: conversationRelevancyOptionsSchema,
  contextual_recall: contextualRecallOptionsSchema,
  context_coverage: contextCoverageOptionsSchema,
  turn_contextual_recall: turnContextualRecallOptionsSchema,
} as const satisfies Record<MetricName, z.ZodType>;

export type MetricOptions<N extends MetricName> = z.input<(typeof metricOptionsSchemas)[N]>;

const factories: { [N in MetricName]: (judge: Judge, options: MetricOptions<N>) => ConversationMetric } = {
  knowledge_retention: (judge, options) => new KnowledgeRetentionMetric(judge, options),
  turn_faithfulness: (judge, options) => new TurnFaithfulnessMetric(judge, options),
  conversation_relevancy: (judge, options) => new ConversationRelevancyMetric(judge, options),
  contextual_recall: (judge, options) => new ContextualRecallMetric(judge, options),
  context_coverage: (judge, options) => new ContextCoverageMetric(judge, options),
  turn_contextual_recall: (judge, options) => new TurnContextualRecallMetric(judge, options),
};

/** A metric by name, its options validated by that metric's schema. */
export function createMetric<N extends MetricName>(name: N, judge: Judge, options?: MetricOptions<N>): ConversationMetric {
  const factory = factories[name] as (judge: Judge, options: MetricOptions<N>) => ConversationMetric;
  return factory(judge, options ?? ({} as MetricOptions<N>));
}

const count = <T>(items: T[], keep: (item: T, index: number) => boolean): number => items.filter(keep).length;

/**
 * The judge calls deepeval's implementation would make for this conversation, for benchmarks.
 * Its reason call is counted only when there was at least one other call to explain.
 */
export function referenceCallCount<N extends MetricName>(name: N, conversation: Conversation, options?: MetricOptions<N>): number {
  const parsed = parseMetricOptions(metricOptionsSchemas[name], options) as z.output<(typeof metricOptionsSchemas)[N]>;
  const { turns } = conversation;
  const exchanges = segmentExchanges(turns).length;
  const firstUser = turns.findIndex((t) => t.role === 'user');

  const calls = ((): number => {
    switch (name) {
      case 'knowledge_retention':
        // One extraction per user turn, one verdict per assistant turn that has knowledge before it.
        return count(turns, (t) => t.role === 'user') + count(turns, (t, i) => t.role === 'assistant' && firstUser >= 0 && i > firstUser);
      case 'turn_faithfulness':
        // Truths, claims and verdicts in every window.
        return 3 * exchanges;
      case 'conversation_relevancy':
        return exchanges;
      case 'contextual_recall':
        return count(turns, (t) => t.role === 'assistant' && !isBlank(t.expectedOutput) && distinctNonBlank(t.retrievalContext).length > 0);
      case 'context_coverage': {
        const own = count(turns, (t) => t.role === 'assistant' && distinctNonBlank(t.context).length > 0);
        const whole = distinctNonBlank(conversation.context).length > 0 && turns.some((t) => t.role === 'assistant');
        return own > 0 ? own : whole ? 1 : 0;
      }
      case 'turn_contextual_recall': {
        // deepeval: one verdict call and one reason call per window that has retrieval context.
        if (isBlank(conversation.expectedOutcome)) return 0;
        const size = (parsed as z.output<typeof turnContextualRecallOptionsSchema>).windowSize;
        const all = segmentExchanges(turns);
        const retrieved = all.map((e) => assistantTurnsOf(e).some((t) => distinctNonBlank(turns[t].retrievalContext).length > 0));
        const windows = all.filter((_, i) => retrieved.slice(Math.max(0, i - size + 1), i + 1).some(Boolean)).length;
        return parsed.includeReason ? 2 * windows : windows;
      }
      default:
        throw new Error(`Unknown metric ${String(name)}`);
    }
  })();
  return calls > 0 && parsed.includeReason ? calls + 1 : calls;
}
