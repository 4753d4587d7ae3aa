import type { MetricResult, TurnVerdict } from '../../../domain';
import { redactSecrets } from '../../../redact-secrets';

/** The Result row of one conversation×metric result, secrets taken out of its error and warnings. */
export const resultRow = (runId: string, conversationId: string, result: MetricResult) => ({
  runId,
  conversationId,
  metric: result.metric,
  score: result.score,
  success: result.success,
  threshold: result.threshold,
  reason: result.reason,
  error: result.error === null ? null : redactSecrets(result.error),
  warnings: result.warnings.length > 0 ? result.warnings.map((w) => redactSecrets(w)) : undefined,
  steps: result.steps as object,
  calls: result.calls as unknown as object[],
  judgeCalls: result.usage.calls,
  cacheHits: result.usage.cacheHits,
  promptTokens: result.usage.promptTokens,
  completionTokens: result.usage.completionTokens,
  costUsd: result.usage.costUsd,
});

/** The per-turn map's rows of a stored result. */
export const turnVerdictRows = (resultId: string, runId: string, conversationId: string, metric: string, turnVerdicts: TurnVerdict[]) =>
  turnVerdicts.map((v) => ({
    resultId,
    runId,
    conversationId,
    metric,
    turnIndex: v.turn,
    verdict: v.verdict,
    score: v.score ?? null,
    // A unit the judge failed on carries the judge's error as its reason.
    reason: v.verdict === 'error' ? redactSecrets(v.reason) : v.reason,
    voteShare: v.voteShare ?? null,
  }));

/** What stored results add to their run's counters: items done and errored, judge calls, cache hits, tokens and cost. */
export function runCounterIncrements(results: readonly MetricResult[]) {
  const sum = (of: (r: MetricResult) => number) => results.reduce((total, result) => total + of(result), 0);
  return {
    doneItems: { increment: results.length },
    errorItems: { increment: sum((r) => (r.error ? 1 : 0)) },
    judgeCalls: { increment: sum((r) => r.usage.calls) },
    cacheHits: { increment: sum((r) => r.usage.cacheHits) },
    promptTokens: { increment: sum((r) => r.usage.promptTokens) },
    completionTokens: { increment: sum((r) => r.usage.completionTokens) },
    costUsd: { increment: sum((r) => r.usage.costUsd) },
  };
}
