import { AppError } from '../../errors';
import type { OfflineModels } from '../steps';
import type { JudgeRequest } from '../types';

/*
 * The offline judge answers each step by the rule of its contract (`offline`, defined beside
 * the step in the folder of the metric that sends it), which the request carries: the judge
 * names no step. A step without a rule belongs to a metric that needs an LLM judge (descriptor
 * needsLlmJudge): a run refuses it on the offline judge before it starts, and a replay refuses
 * it for the simulated user.
 */

type StepRequest = Pick<JudgeRequest<unknown>, 'step' | 'input' | 'contract'>;

/** Whether the offline judge has a rule for a request's step. */
export const offlineServes = (request: Pick<StepRequest, 'contract'>): boolean => request.contract?.offline !== undefined;

/** Validate a step's input against its contract and compute its output. */
export function runOfflineStep(request: StepRequest, models: OfflineModels = {}): unknown {
  const { step, contract } = request;
  if (!contract?.offline) throw new AppError('BAD_INPUT', `The offline judge has no rule for judge step ${String(step)}: its metric needs an LLM judge.`);
  const parsed = contract.input.safeParse(request.input);
  if (!parsed.success) {
    throw new AppError('BAD_INPUT', `Invalid input for judge step ${step}: ${parsed.error.message}`, { step });
  }
  return contract.offline(parsed.data, models);
}
