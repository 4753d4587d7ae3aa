import { describe, expect, it } from 'vitest';
import { sampleSpread, wordOverlap } from './sample-spread';

describe('sampleSpread', () => {
  it('counts the turns whose samples differ, the failed samples, and shows the most different first', () => {
    const spread = sampleSpread([
      { position: 0, turnIndex: 1, content: 'Your order ships today.', samples: [{ sample: 2, content: 'Your order ships today.', error: null }] },
      { position: 0, turnIndex: 3, content: 'Refunds take five days.', samples: [{ sample: 2, content: 'Refunds take five working days.', error: null }, { sample: 3, content: null, error: 'sample 3: timeout' }] },
      { position: 1, turnIndex: 1, content: 'Yes.', samples: [{ sample: 2, content: 'I cannot help with that.', error: null }] },
    ]);
    expect(spread).toMatchObject({ turns: 3, differing: 2, failed: 1 });
    expect(spread.examples.map((e) => [e.conversation, e.turn])).toEqual([[2, 2], [1, 4]]);
    expect(spread.examples[1].texts).toEqual(['Refunds take five days.', 'Refunds take five working days.']);
    expect(spread.meanSimilarity).toBeCloseTo((1 + 0.8 + 0) / 3, 6);
  });

  it('measures word overlap regardless of case and punctuation', () => {
    expect(wordOverlap('Ships TODAY!', 'ships today')).toBe(1);
    expect(wordOverlap('a b', 'c d')).toBe(0);
  });
});
