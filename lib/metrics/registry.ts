import type { z } from 'zod';
import { replySchemaOf, type JudgeStepContracts, type StepContract, type StepContracts, type StepInput, type StepName, type StepOutput, type StepRules } from '../judge/steps';
import type { Judge } from '../judge/types';
import { contextCoverage } from './context-coverage/descriptor';
import { contextualRecall } from './contextual-recall/descriptor';
import { conversationCompleteness } from './conversation-completeness/descriptor';
import { conversationRelevancy } from './conversation-relevancy/descriptor';
import { gEvalSteps } from './g-eval/steps';
import { goalAccuracy } from './goal-accuracy/descriptor';
import { knowledgeRetention } from './knowledge-retention/descriptor';
import type { MetricDescriptor } from './shared/descriptor';
import type { ConversationMetric } from './shared/metric';
import { parseMetricOptions } from './shared/options';
import { reasonSteps } from './shared/reason-step';
import { roleAdherence } from './role-adherence/descriptor';
import { topicAdherence } from './topic-adherence/descriptor';
import { turnContextualPrecision } from './turn-contextual-precision/descriptor';
import { turnContextualRecall } from './turn-contextual-recall/descriptor';
import { turnContextualRelevancy } from './turn-contextual-relevancy/descriptor';
import { toolUse } from './tool-use/descriptor';
import { turnFaithfulness } from './turn-faithfulness/descriptor';
import type { Conversation } from '../domain/conversation';

/**
 * The built-in metrics, in the order every page, export and report lists them. A metric is added
 * by its folder (with its descriptor) and one line here; every list below derives from this one.
 */
export const BUILT_IN_METRICS = [knowledgeRetention, turnFaithfulness, conversationRelevancy, contextualRecall, contextCoverage, turnContextualRecall, turnContextualPrecision, turnContextualRelevancy, roleAdherence, conversationCompleteness, goalAccuracy, topicAdherence, toolUse] as const;

type Descriptors = (typeof BUILT_IN_METRICS)[number];
export type MetricName = Descriptors['name'];
type DescriptorOf<N extends MetricName> = Extract<Descriptors, { name: N }>;

export const METRIC_NAMES: readonly MetricName[] = BUILT_IN_METRICS.map((d) => d.name);

const byName = new Map<string, MetricDescriptor>(BUILT_IN_METRICS.map((d) => [d.name, d as unknown as MetricDescriptor]));

/** A built-in metric's descriptor; undefined for any other name (a custom metric's). */
export const metricDescriptor = (name: string): MetricDescriptor | undefined => byName.get(name);

export const isBuiltInMetric = (name: string): name is MetricName => byName.has(name);

/** The options schema of every built-in metric, by name. */
export const metricOptionsSchemas = Object.fromEntries(BUILT_IN_METRICS.map((d) => [d.name, d.options])) as { [N in MetricName]: DescriptorOf<N>['options'] };

export type MetricOptions<N extends MetricName> = z.input<DescriptorOf<N>['options']>;

/** A metric by name, its options validated by that metric's schema. */
export function createMetric<N extends MetricName>(name: N, judge: Judge, options?: MetricOptions<N>): ConversationMetric {
  return byName.get(name)!.create(judge, (options ?? {}) as never);
}

/** Whether a conversation has the data a built-in metric needs, with the run's options for it. */
export const metricApplies = (name: MetricName, c: Conversation, options?: Record<string, unknown>): boolean => byName.get(name)!.applies(c, options);

/** The metrics a dataset has the data for, used when none are named. */
export const applicableMetrics = (conversations: Conversation[]): MetricName[] => METRIC_NAMES.filter((m) => conversations.some((c) => metricApplies(m, c)));

/** Where a metric sorts in lists: the built-in ones in registry order, then the others by name. */
export const metricRank = (name: string): number => {
  const i = METRIC_NAMES.indexOf(name as MetricName);
  return i === -1 ? METRIC_NAMES.length : i;
};
export const sortMetricNames = (names: Iterable<string>): string[] => [...new Set(names)].sort((a, b) => metricRank(a) - metricRank(b) || a.localeCompare(b));

/**
 * The judge calls deepeval's implementation would make for this conversation, for benchmarks.
 * Its reason call is counted only when there was at least one other call to explain.
 */
export function referenceCallCount<N extends MetricName>(name: N, conversation: Conversation, options?: MetricOptions<N>): number {
  const descriptor = byName.get(name);
  if (!descriptor) throw new Error(`Unknown metric ${String(name)}`);
  const parsed = parseMetricOptions(descriptor.options, options) as z.output<z.ZodObject> & { includeReason: boolean };
  const calls = descriptor.referenceCalls(conversation, parsed);
  return calls > 0 && parsed.includeReason ? calls + 1 : calls;
}

type StepsOf<D> = D extends { steps: infer S } ? keyof S : never;
/** The judge steps metrics send. */
export type MetricStepName = (StepsOf<Descriptors> | keyof typeof gEvalSteps | keyof typeof reasonSteps) & StepName;

/**
 * Every judge step a metric sends, by name: each built-in metric's (its descriptor's steps), the
 * custom metrics' (G-Eval's) and the closing reason step. Steps of other features (a replay's fit
 * check and simulated user, lib/replay/steps) live with them: a request carries its step's
 * contract, so the judge needs no list of them.
 */
export const judgeSteps = Object.assign({}, ...BUILT_IN_METRICS.map((d) => d.steps), gEvalSteps, reasonSteps) as {
  readonly [S in MetricStepName]: JudgeStepContracts[S] & StepRules<StepInput<S>, StepOutput<S>>;
};

/** A step's contract; undefined for a name no folder defines. */
export const judgeStep = (name: string): StepContract | undefined => (Object.hasOwn(judgeSteps, name) ? (judgeSteps as StepContracts)[name] : undefined);

/**
 * The schema a reply to this input must fit: sent to the judge as its JSON schema, and the
 * whole of the reply's validation.
 */
export const stepReplySchema = <S extends MetricStepName>(step: S, input: StepInput<S>): z.ZodType<StepOutput<S>> => replySchemaOf(judgeSteps[step] as StepContract, input) as z.ZodType<StepOutput<S>>;
