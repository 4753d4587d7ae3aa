import type { z } from 'zod';
import type { StepContracts } from '../../judge/steps';
import type { Judge } from '../../judge/types';
import type { Conversation } from '../../domain/conversation';
import type { ConversationMetric } from './metric';
import type { StepsView } from './steps-view';

/**
 * Everything the rest of the product knows about a built-in metric, exported by its folder: the
 * registry derives every list (names, options, form fields, applicability, judge steps, the
 * conversation view) from these.
 */
export interface MetricDescriptor<N extends string = string, O extends z.ZodObject = z.ZodObject> {
  readonly name: N;
  /** "Knowledge retention". */
  readonly label: string;
  /** What a conversation needs for the metric to apply, as the new-run form says it. */
  readonly needs: string;
  /**
   * Whether a conversation has that (a run leaves the others out instead of scoring them 0),
   * given the run's options for the metric (an option may stand in for a missing field).
   */
  applies(conversation: Conversation, options?: Record<string, unknown>): boolean;
  /**
   * Its judgement has no honest rule the offline judge could apply (a persona, an intention, a
   * topic read in plain words): a run with the offline judge refuses it before it starts.
   */
  readonly needsLlmJudge?: boolean;
  /**
   * What its per-turn verdicts judge when that is not the turn's message: 'retrieval_context', for
   * the metrics that read what the retriever returned and not the reply (contextual recall, the
   * turn contextual ones). The pages put those verdicts, badge and colour, on the retrieved items.
   */
  readonly verdictOn?: 'retrieval_context';
  /**
   * Why the metric is offered unchecked: it is not in the default set, because it fails good
   * conversations (its verdicts are about the retriever, and a good reply does not make them pass).
   */
  readonly notInDefaultSet?: string;
  /** The option that stands in for the field a conversation lacks (topic_adherence's relevantTopics): the form offers the metric with it. */
  readonly standInOption?: string;
  /** Its options, with their defaults. */
  readonly options: O;
  /** The judge steps it sends, by name: their contracts and offline rules (its folder's steps.ts). */
  readonly steps: StepContracts;
  create(judge: Judge, options?: z.input<O>): ConversationMetric;
  /** Judge calls deepeval's implementation would make, the reason call left out (benchmarks). */
  referenceCalls(conversation: Conversation, options: z.output<O>): number;
  /** Its stored steps read back for the conversation view; null when they do not read (shown raw). */
  view(steps: unknown): StepsView | null;
  /** What the reported score is multiplied by (context coverage's scale); 1 when absent. */
  scale?(options: Record<string, unknown>): number;
}

/** A descriptor, checked against the interface with its name and options types kept. */
export const defineMetric = <N extends string, O extends z.ZodObject>(descriptor: MetricDescriptor<N, O>): MetricDescriptor<N, O> => descriptor;
