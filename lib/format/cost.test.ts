import { describe, expect, it } from 'vitest';
import { costBasis, formatCost } from './cost';

describe('a cost as the pages show it', () => {
  it('is free for the offline judge, unknown for a model without a price (never $0.0000), else dollars', () => {
    expect(formatCost(costBasis('offline', true), 0)).toBe('free');
    expect(formatCost(costBasis('openai', false), 0)).toBe('unknown');
    expect(formatCost(costBasis('openai', true), 0.01234)).toBe('$0.0123');
  });
});
