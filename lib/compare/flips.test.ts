import { describe, expect, it } from 'vitest';
import { countFlips } from './flips';

describe('pass/fail flips', () => {
  it('count each direction and the pass rates over the pairs', () => {
    const baseline = [1, 1, 1, 0, 0, 1];
    const candidate = [1, 0, 0, 1, 0, 1];
    expect(countFlips(baseline, candidate)).toEqual({ passToFail: 2, failToPass: 1, baselinePassRate: 4 / 6, candidatePassRate: 3 / 6 });
  });

  it('are zero with no pairs, and the rates are unknown', () => {
    expect(countFlips([], [])).toEqual({ passToFail: 0, failToPass: 0, baselinePassRate: null, candidatePassRate: null });
  });
});
