import { createHash } from 'node:crypto';
import { emptyUsage, type Usage } from '../domain';
import type { StepInput, StepName, StepOutput } from './steps';
import { JudgeOutputError, type Judge, type JudgeReply, type JudgeRequest } from './types';

export type ScriptedHandlers = Partial<{
  [S in StepName]: (input: StepInput<S>) => StepOutput<S> | Promise<StepOutput<S>>;
}>;

export interface ScriptedCall {
  step: StepName;
  input: unknown;
}

export interface ScriptedJudge extends Judge {
  /** Every call received, in order of arrival. */
  readonly calls: ScriptedCall[];
  /** Calls received for one step. */
  callsTo<S extends StepName>(step: S): StepInput<S>[];
}

const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/**
 * A judge for tests: each step answers through a handler. A step without a handler throws so
 * an unexpected call fails loudly; inputs are checked against the step contract the request
 * carries (as every metric's request does) and outputs go
 * through JSON and the request's own schema, refinements included, as a real reply would.
 */
export function createScriptedJudge(handlers: ScriptedHandlers): ScriptedJudge {
  const calls: ScriptedCall[] = [];
  const totals: Usage = emptyUsage();

  return {
    kind: 'scripted',
    model: 'scripted',
    calls,
    callsTo<S extends StepName>(step: S): StepInput<S>[] {
      return calls.filter((c) => c.step === step).map((c) => c.input as StepInput<S>);
    },
    async call<T>(request: JudgeRequest<T>): Promise<JudgeReply<T>> {
      const handler = (handlers as Record<string, ((input: unknown) => unknown) | undefined>)[request.step];
      if (!handler) throw new Error(`Scripted judge has no handler for step "${request.step}"`);
      const input = request.contract ? request.contract.input.parse(request.input) : request.input;
      calls.push({ step: request.step as StepName, input });

      const raw = JSON.stringify(await handler(input));
      const parsed = request.schema.safeParse(JSON.parse(raw));
      if (!parsed.success) throw new JudgeOutputError(`Invalid ${request.step} reply: ${parsed.error.message}`, raw);

      const promptTokens = estimateTokens(request.messages.map((m) => m.content).join('\n'));
      const completionTokens = estimateTokens(raw);
      totals.calls += 1;
      totals.promptTokens += promptTokens;
      totals.completionTokens += completionTokens;
      const cacheKey = createHash('sha256')
        .update(JSON.stringify({ model: request.model ?? 'scripted', messages: request.messages, schema: request.schemaName }))
        .digest('hex');
      return { output: parsed.data, raw, model: request.model ?? 'scripted', promptTokens, completionTokens, costUsd: 0, cached: false, cacheKey };
    },
    usage: () => ({ ...totals }),
  };
}
