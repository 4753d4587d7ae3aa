import { describe, expect, it } from 'vitest';
import { estimateCost, estimateTokens, findModelPrice } from './prices';

describe('prices', () => {
  it('prices known models per million tokens', () => {
    expect(estimateCost('gpt-4.1', 1_000_000, 0)).toBeCloseTo(2, 10);
    expect(estimateCost('gpt-4.1', 0, 1_000_000)).toBeCloseTo(8, 10);
    expect(estimateCost('gpt-4o-mini', 2000, 500)).toBeCloseTo((2000 * 0.15 + 500 * 0.6) / 1e6, 12);
    expect(estimateCost('gpt-5-nano', 1_000_000, 1_000_000)).toBeCloseTo(0.45, 10);
  });

  it('matches dated snapshots to their model, the longest name first', () => {
    expect(findModelPrice('gpt-4.1-2025-04-14')).toEqual(findModelPrice('gpt-4.1'));
    expect(findModelPrice('gpt-4.1-mini-2025-04-14')).toEqual(findModelPrice('gpt-4.1-mini'));
    expect(findModelPrice('gpt-4o-mini-2024-07-18')).toEqual(findModelPrice('gpt-4o-mini'));
    expect(findModelPrice('o3-mini-2025-01-31')).toEqual(findModelPrice('o3-mini'));
    expect(findModelPrice('openai/gpt-5-mini')).toEqual(findModelPrice('gpt-5-mini'));
  });

  it('costs nothing for unknown, local and differently priced variants', () => {
    expect(estimateCost('llama3.1:8b', 1000, 1000)).toBe(0);
    expect(estimateCost('o3-pro', 1000, 1000)).toBe(0);
    expect(estimateCost('gpt-4o-audio-preview', 1000, 1000)).toBe(0);
  });

  it('estimates about four characters per token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('x'.repeat(4000))).toBe(1000);
  });
});
