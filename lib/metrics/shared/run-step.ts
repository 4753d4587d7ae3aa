import { z } from 'zod';
import type { ChatMessage, JudgeRequest, TokenLogprobs } from '../../judge/types';
import { replySchemaOf, type StepInput, type StepName, type StepOutput } from '../../judge/steps';
import { AppError } from '../../errors';
import type { MetricContext } from './context';
import type { StepTemplate } from './options';

export interface StepCall<S extends StepName, O = StepOutput<S>> {
  step: S;
  input: StepInput<S>;
  /** Our default prompt; a custom template for the step replaces it. */
  prompt: (input: StepInput<S>) => ChatMessage[];
  /**
   * Reads the reply instead of the step's output schema, where we accept more than we ask for
   * (a loosely written verdict); the step's enum-only schema is still the one sent to the judge.
   */
  accept?: z.ZodType<O>;
  /** Ask for this many alternatives of each generated token (G-Eval's weighted score). */
  topLogprobs?: number;
}

const chatMessagesSchema = z
  .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }))
  .min(1);

function renderMessages<S extends StepName, O>(ctx: MetricContext, call: StepCall<S, O>): ChatMessage[] {
  const template = ctx.options.templates?.[call.step] as StepTemplate<S> | undefined;
  if (!template) return call.prompt(call.input);
  const parsed = chatMessagesSchema.safeParse(template(call.input));
  if (!parsed.success) {
    throw new AppError('BAD_INPUT', `Template for ${call.step} must return chat messages: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Builds the request for one judge step, calls the judge and records usage and the call. */
export async function runStep<S extends StepName, O = StepOutput<S>>(ctx: MetricContext, call: StepCall<S, O>): Promise<O> {
  return (await runStepReply(ctx, call)).output;
}

/** runStep, with the reply's token alternatives when the call asked for them and the judge gave them. */
export async function runStepReply<S extends StepName, O = StepOutput<S>>(
  ctx: MetricContext,
  call: StepCall<S, O>,
): Promise<{ output: O; logprobs?: TokenLogprobs[] }> {
  const contract = Object.hasOwn(ctx.contracts, call.step) ? ctx.contracts[call.step] : undefined;
  if (!contract) throw new AppError('BAD_INPUT', `${ctx.metric} sends judge step ${call.step}, which is not among its steps`);
  const input = contract.input.parse(call.input) as StepInput<S>;
  // The reply schema for this input is all that is checked (lib/judge/steps.ts).
  const sent = replySchemaOf(contract, input);
  const schema = call.accept ?? (sent as z.ZodType<O>);
  const messages = renderMessages(ctx, { ...call, input });
  const request: JudgeRequest<O> = {
    step: call.step,
    input,
    contract,
    messages,
    schema,
    ...(call.accept ? { jsonSchemaOf: sent } : {}),
    schemaName: call.step.replace(/[^a-zA-Z0-9_-]/g, '_'),
    ...(ctx.options.model ? { model: ctx.options.model } : {}),
    ...(call.topLogprobs ? { topLogprobs: call.topLogprobs } : {}),
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
    ...(reply.retries?.length ? { retries: reply.retries } : {}),
  });
  return { output: reply.output, ...(reply.logprobs ? { logprobs: reply.logprobs } : {}) };
}
