import { describe, expect, it } from 'vitest';
import { overlapShare, tunedOverlapBaseline } from './baseline';
import { binaryStats } from './stats';

describe('benchmark figures', () => {
  it('computes accuracy, balanced accuracy and per-class recall', () => {
    const s = binaryStats([true, true, false, false, false, false], [true, false, false, false, false, true]);
    expect(s).toEqual({ n: 6, faithful: 2, unfaithful: 4, accuracy: 4 / 6, balancedAccuracy: (0.5 + 0.75) / 2, faithfulRecall: 0.5, unfaithfulRecall: 0.75 });
  });

  it('tunes the bag-of-words cut-off on the data it scores', () => {
    expect(overlapShare('Paris is lovely', 'Paris is the capital of France')).toBe(0.5);
    const { cutoff, stats } = tunedOverlapBaseline([0.9, 0.8, 0.3, 0.1], [true, true, false, false]);
    expect(cutoff).toBe(0.8);
    expect(stats.balancedAccuracy).toBe(1);
  });
});
