import { z } from 'zod';
import type { ChatMessage, JudgeRequest } from '../../judge/types';
import { stepSchemas, type StepInput, type StepName, type StepOutput } from '../../judge/steps';
import { AppError } from '../../errors';
import type { MetricContext } from './context';
import type { StepTemplate } from './options';

export interface StepCall<S extends StepName> {
  step: S;
  input: StepInput<S>;
  /** Our default prompt; a custom template for the step replaces it. */
  prompt: (input: StepInput<S>) => ChatMessage[];
  /**
   * Checks JSON schema cannot express (e.g. one verdict per claim). Returning a problem fails
   * validation, which makes the judge ask again once with that problem.
   */
  check?: (output: StepOutput<S>) => string | null;
}

const chatMessagesSchema = z
  .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }))
  .min(1);

function renderMessages<S extends StepName>(ctx: MetricContext, call: StepCall<S>): ChatMessage[] {
  const template = ctx.options.templates?.[call.step] as StepTemplate<S> | undefined;
  if (!template) return call.prompt(call.input);
  const parsed = chatMessagesSchema.safeParse(template(call.input));
  if (!parsed.success) {
    throw new AppError('BAD_INPUT', `Template for ${call.step} must return chat messages: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Builds the request for one judge step, calls the judge and records usage and the call. */
export async function runStep<S extends StepName>(ctx: MetricContext, call: StepCall<S>): Promise<StepOutput<S>> {
  const definition = stepSchemas[call.step];
  const input = definition.input.parse(call.input) as StepInput<S>;
  const base = definition.output as unknown as z.ZodType<StepOutput<S>>;
  const check = call.check;
  const schema = check
    ? base.superRefine((output, refinement) => {
        const problem = check(output);
        if (problem) refinement.addIssue({ code: 'custom', message: problem });
      })
    : base;
  const messages = renderMessages(ctx, { ...call, input });
  const request: JudgeRequest<StepOutput<S>> = {
    step: call.step,
    input,
    messages,
    schema,
    ...(check ? { jsonSchemaOf: base } : {}),
    schemaName: call.step.replace(/[^a-zA-Z0-9_-]/g, '_'),
    ...(ctx.options.model ? { model: ctx.options.model } : {}),
  };

  const reply = await ctx.judge.call(request);

  // A cached reply cost nothing in this measurement, so only real calls add tokens and cost.
  if (reply.cached) {
    ctx.usage.cacheHits += 1;
  } else {
    ctx.usage.calls += 1;
    ctx.usage.promptTokens += reply.promptTokens;
    ctx.usage.completionTokens += reply.completionTokens;
    ctx.usage.costUsd += reply.costUsd;
  }
  ctx.calls.push({
    step: call.step,
    cacheKey: reply.cacheKey,
    cached: reply.cached,
    promptTokens: reply.promptTokens,
    completionTokens: reply.completionTokens,
    ...(ctx.options.verboseMode ? { messages } : {}),
  });
  return reply.output;
}
