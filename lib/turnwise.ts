/*
 * The TypeScript API. Metric classes take a judge, or none: then the judge comes from the
 * environment (OPENAI_API_KEY → the OpenAI judge, else the offline heuristic judge), with
 * one in-memory reply cache per process so the same request is never sent twice.
 *
 *   const result = await new KnowledgeRetentionMetric({ threshold: 0.5 }).measure(conversation);
 *   const coverage = await new ContextCoverageMetric(judge, { scale: 100, context }).measure(input, output);
 */
import { createMemoryJudgeCache } from './judge/memory-cache';
import { createJudge, defaultJudgeSelection, loadJudgeConfig, type JudgeSelection } from './judge/config';
import type { Judge, JudgeCache } from './judge/types';
import * as metrics from './metrics';
import * as gEval from './metrics/g-eval';

export type { Judge, JudgeCache } from './judge/types';
export type { Conversation, Turn } from './domain/conversation';
export type { MetricResult } from './domain/metric-result';
export type { TurnVerdict } from './domain/verdict';
export type { Usage } from './domain/usage';
export type { MetricName } from './metrics/registry';
export { createMetric, referenceCallCount, metricOptionsSchemas } from './metrics';
export { createMemoryJudgeCache } from './judge/memory-cache';
export { createOfflineJudge } from './judge/offline';
export { createOpenAIJudge } from './judge/openai-judge';

let processCache: JudgeCache | undefined;

/** A judge from a selection (or the environment's default), sharing the process's reply cache. */
export function judgeFromEnv(selection?: JudgeSelection, env: Record<string, string | undefined> = process.env): Judge {
  const config = loadJudgeConfig(env);
  processCache ??= createMemoryJudgeCache();
  return createJudge(selection ?? defaultJudgeSelection(config), config, { cache: processCache });
}

const isJudge = (value: unknown): value is Judge =>
  typeof value === 'object' && value !== null && typeof (value as Judge).call === 'function' && typeof (value as Judge).usage === 'function';

type WithOptionalJudge<C extends abstract new (judge: Judge, options?: never) => unknown> = C & {
  new (options?: ConstructorParameters<C>[1]): InstanceType<C>;
  new (judge: Judge, options?: ConstructorParameters<C>[1]): InstanceType<C>;
};

function withDefaultJudge<C extends new (judge: Judge, options?: never) => object>(Base: C): WithOptionalJudge<C> {
  const Wrapped = class extends (Base as new (judge: Judge, options?: unknown) => object) {
    constructor(judgeOrOptions?: unknown, options?: unknown) {
      if (isJudge(judgeOrOptions)) super(judgeOrOptions, options);
      else super(judgeFromEnv(), judgeOrOptions);
    }
  };
  Object.defineProperty(Wrapped, 'name', { value: Base.name });
  return Wrapped as unknown as WithOptionalJudge<C>;
}

export const KnowledgeRetentionMetric = withDefaultJudge(metrics.KnowledgeRetentionMetric);
export const TurnFaithfulnessMetric = withDefaultJudge(metrics.TurnFaithfulnessMetric);
export const ConversationRelevancyMetric = withDefaultJudge(metrics.ConversationRelevancyMetric);
export const ContextualRecallMetric = withDefaultJudge(metrics.ContextualRecallMetric);
export const ContextCoverageMetric = withDefaultJudge(metrics.ContextCoverageMetric);
export const TurnContextualRecallMetric = withDefaultJudge(metrics.TurnContextualRecallMetric);
/** Needs an LLM judge; topics from the conversation's relevant_topics or `{ relevantTopics: [...] }`. */
export const TopicAdherenceMetric = withDefaultJudge(metrics.TopicAdherenceMetric);
/** deepeval's ToolUseMetric: `new ToolUseMetric(judge, { availableTools: [{ name: 'search_flights', description: '…' }] })`; needs an LLM judge. */
export const ToolUseMetric = withDefaultJudge(metrics.ToolUseMetric);

/**
 * Custom judged metrics (deepeval's G-Eval), conversation or turn scope:
 *
 *   const refunds = new ConversationalGEval({ name: 'refund_policy', criteria: 'Refunds only within 30 days.', fields: ['retrieval_context'] });
 */
export const ConversationalGEval = withDefaultJudge(gEval.ConversationalGEval);
export const TurnGEval = withDefaultJudge(gEval.TurnGEval);
export type { GEvalMetricInput } from './metrics/g-eval';
