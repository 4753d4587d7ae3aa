import { emptyUsage, type Usage } from '../domain';

/** Running totals of a judge's calls. */
export interface UsageCounter {
  addCall(promptTokens: number, completionTokens: number, costUsd: number): void;
  addCacheHit(): void;
  snapshot(): Usage;
}

export function createUsageCounter(): UsageCounter {
  const usage = emptyUsage();
  return {
    addCall(promptTokens, completionTokens, costUsd) {
      usage.calls += 1;
      usage.promptTokens += promptTokens;
      usage.completionTokens += completionTokens;
      usage.costUsd += costUsd;
    },
    addCacheHit() {
      usage.cacheHits += 1;
    },
    snapshot: () => ({ ...usage }),
  };
}
