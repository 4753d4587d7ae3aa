import type { JudgeRequest } from '../types';

/*
 * The steps the offline judge has no rule for belong to metrics that need an LLM judge; a run
 * never sends them to it. A cost preview still has to walk their pipelines to count calls and
 * tokens, so it takes these stand-in replies (each step's `planned`, beside the step in its
 * metric's folder): shaped as a real one (one entry per item, a sentence of reason), saying
 * nothing about the conversation. Never a score anyone reads.
 */

/** A stand-in reply to a step of a metric that needs an LLM judge, for planning only. */
export function plannedAnswer(request: Pick<JudgeRequest<unknown>, 'step' | 'input' | 'contract'>): unknown {
  const { contract } = request;
  if (!contract?.planned) throw new Error(`no planned answer for judge step ${request.step}`);
  return contract.planned(contract.input.parse(request.input));
}
