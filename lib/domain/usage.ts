export interface Usage {
  /** Requests actually sent to the judge (cache hits excluded). */
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cacheHits: number;
  /** Estimated cost in USD; 0 for the offline judge or models without a price. */
  costUsd: number;
}

export const emptyUsage = (): Usage => ({ calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, costUsd: 0 });
