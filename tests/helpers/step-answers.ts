import { plannedAnswer } from '@/lib/judge/offline/planning-answers';
import { offlineServes, runOfflineStep } from '@/lib/judge/offline/run-step';
import type { StepContract, StepName } from '@/lib/judge/steps';
import { judgeSteps } from './judge-steps';
import { type ChatCompletionBody, type JudgeServerHandler, requestSchemaName } from './judge-server';

const stepBySchemaName = new Map<string, StepName>(
  (Object.keys(judgeSteps) as StepName[]).map((step) => [step.replace(/[^a-zA-Z0-9_-]/g, '_'), step]),
);

/** The step a request is for, from its JSON schema name. */
export function stepOf(body: ChatCompletionBody): StepName | null {
  const name = requestSchemaName(body);
  return name === null ? null : (stepBySchemaName.get(name) ?? null);
}

/**
 * The structured input our prompts carry as a fenced JSON block: in the last user message
 * that has one (a repair request ends with the repair instruction, after the original prompt).
 */
export function promptInput(body: ChatCompletionBody): unknown {
  for (const message of [...body.messages].reverse()) {
    if (message.role !== 'user') continue;
    const match = /Input:\n```json\n([\s\S]*?)\n```/.exec(message.content);
    if (match) return JSON.parse(match[1]);
  }
  throw new Error('no JSON input block in the prompt');
}

/** The offline judge's answer to a step, or the planned reply for a step it has no rule for. */
export const offlineLikeAnswer = (step: StepName, input: unknown): unknown => {
  const request = { step, input, contract: judgeSteps[step] as StepContract };
  return offlineServes(request) ? runOfflineStep(request) : plannedAnswer(request);
};

/**
 * A scripted judge server handler that answers every step realistically: it reads the
 * input out of the prompt and answers with the offline judge's logic for that step; a step the
 * offline judge has no rule for (a metric that needs an LLM judge) gets the cost preview's
 * planned reply: shaped as a real one, the same on every request.
 * `override` can replace the answer for chosen requests (invalid replies, errors…).
 */
export function answerLikeOfflineJudge(
  override?: (step: StepName, input: unknown, index: number) => ReturnType<JudgeServerHandler> | undefined,
): JudgeServerHandler {
  return (body, context) => {
    const step = stepOf(body);
    if (step === null) {
      return { status: 400, body: { error: { message: 'request has no known json_schema name', type: 'invalid_request_error' } } };
    }
    const input = promptInput(body);
    const replaced = override?.(step, input, context.index);
    if (replaced !== undefined) return replaced;
    return { content: JSON.stringify(offlineLikeAnswer(step, input)) };
  };
}
