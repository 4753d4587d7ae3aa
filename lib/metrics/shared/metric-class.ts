import type { z } from 'zod';
import type { StepContracts } from '../../judge/steps';
import type { Judge } from '../../judge/types';
import type { Conversation } from '../../domain/conversation';
import type { MetricResult } from '../../domain/metric-result';
import type { MetricContext } from './context';
import type { ConversationMetric } from './metric';
import { parseMetricOptions, refuseUnknownTemplates, type SharedMetricOptions } from './options';
import { reasonSteps } from './reason-step';
import { parseConversation } from './parse-conversation';
import { runMetric, type PipelineOutcome } from './run-metric';

/** What a built-in metric's class is made of: its name, options, judge steps and pipeline. */
export interface MetricClassSpec<N extends string, O extends z.ZodType<SharedMetricOptions, object>> {
  name: N;
  options: O;
  /** The judge steps its pipeline sends (its folder's steps.ts); the closing reason step is added by runMetric. */
  steps: StepContracts;
  pipeline(ctx: MetricContext, conversation: Conversation, options: z.output<O>): Promise<PipelineOutcome>;
  /** Turns the 0..1 score into the reported one (context coverage's scale). */
  present?(score: number, options: z.output<O>): number;
}

/**
 * The class of a built-in metric (`new KnowledgeRetentionMetric(judge, options).measure(c)`):
 * options parsed by its schema, the conversation checked, the pipeline run by runMetric.
 */
export function metricClass<N extends string, O extends z.ZodType<SharedMetricOptions, object>>(spec: MetricClassSpec<N, O>) {
  return class implements ConversationMetric {
    readonly name: N = spec.name;
    protected readonly options: z.output<O>;

    constructor(
      protected readonly judge: Judge,
      options: z.input<O> = {} as z.input<O>,
    ) {
      this.options = parseMetricOptions(spec.options, options);
      refuseUnknownTemplates(this.options.templates, spec.name, { ...spec.steps, ...reasonSteps });
    }

    async measure(conversation: Conversation): Promise<MetricResult> {
      return this.run(parseConversation(conversation));
    }

    /** Runs the pipeline on a conversation already checked. */
    protected run(conversation: Conversation): Promise<MetricResult> {
      const options = this.options;
      return runMetric(this.name, this.judge, options, spec.steps, (ctx) => spec.pipeline(ctx, conversation, options), {
        ...(spec.present ? { present: (score: number) => spec.present!(score, options) } : {}),
      });
    }
  };
}
