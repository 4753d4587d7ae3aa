import { describe, expect, it } from 'vitest';
import { explainScore } from './reason';

describe('reason (offline)', () => {
  it('explains a score from the threshold and the verdict reasons, as the offline judge', () => {
    const { reason } = explainScore({
      metric: 'turn_faithfulness',
      score: 0.5,
      threshold: 0.7,
      reasons: ['[offline heuristic judge] The claim states 1899, a number the context does not give.'],
    });
    expect(reason).toBe(
      '[offline heuristic judge] The turn faithfulness score is 0.50, below the 0.70 threshold: The claim states 1899, a number the context does not give.',
    );
  });

  it('says so when the score passes and lists at most three reasons', () => {
    const { reason } = explainScore({ metric: 'x', score: 1, threshold: 0.5, reasons: ['a', 'b', 'c', 'd'] });
    expect(reason).toMatch(/at or above the 0\.50 threshold: a; b; c; and 1 more\.$/);
  });
});
