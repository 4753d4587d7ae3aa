import { emptyUsage, type Usage } from '../../domain';
import { requestCacheKey } from '../cache-key';
import { JudgeOutputError, type Judge, type JudgeReply, type JudgeRequest } from '../types';
import { OFFLINE_MODEL } from './steps/reason-prefix';
import { runOfflineStep } from './run-step';
import { type OfflineModels } from '../steps';

export { OFFLINE_MODEL, OFFLINE_PREFIX } from './steps/reason-prefix';

/**
 * The judge used when no API key is set: deterministic language heuristics, no network.
 * It reads each request's structured input, not its prompt; every reason it writes says so.
 */
export function createOfflineJudge(models: OfflineModels = {}): Judge {
  const totals: Usage = emptyUsage();
  return {
    kind: 'offline',
    model: OFFLINE_MODEL,
    async call<T>(request: JudgeRequest<T>): Promise<JudgeReply<T>> {
      request.signal?.throwIfAborted();
      const raw = JSON.stringify(runOfflineStep(request, models));
      const parsed = request.schema.safeParse(JSON.parse(raw));
      if (!parsed.success) {
        throw new JudgeOutputError(`Offline judge output for ${request.step} failed validation: ${parsed.error.message}`, raw);
      }
      // Each call is one evaluation of the step's rules: no model reads a prompt, so no tokens.
      totals.calls += 1;
      return {
        output: parsed.data,
        raw,
        model: OFFLINE_MODEL,
        promptTokens: 0,
        completionTokens: 0,
        costUsd: 0,
        cached: false,
        // The offline judge ignores request.model, so its key does too.
        cacheKey: requestCacheKey({ ...request, model: undefined }, OFFLINE_MODEL),
      };
    },
    usage: (): Usage => ({ ...totals }),
  };
}
