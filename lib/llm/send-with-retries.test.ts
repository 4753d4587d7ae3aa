import { describe, expect, it } from 'vitest';
import { targetRetryPolicy } from './send-with-retries';

describe('targetRetryPolicy', () => {
  it('gives a target 30 s of 429s by default, far below the judge’s 5 minutes, and TURNWISE_TARGET_RETRY_BUDGET_S sets it', () => {
    expect(targetRetryPolicy({}).retryBudgetMs).toBe(30_000);
    expect(targetRetryPolicy({ TURNWISE_TARGET_RETRY_BUDGET_S: '2.5' }).retryBudgetMs).toBe(2500);
    for (const bad of ['0', '-1', 'soon', '7200']) {
      expect(() => targetRetryPolicy({ TURNWISE_TARGET_RETRY_BUDGET_S: bad }), bad).toThrow(expect.objectContaining({ code: 'CONFIG', details: { variable: 'TURNWISE_TARGET_RETRY_BUDGET_S' } }));
    }
  });
});
