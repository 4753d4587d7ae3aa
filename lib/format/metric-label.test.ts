import { describe, expect, it } from 'vitest';
import { metricLabel } from './format';

describe('metricLabel', () => {
  it('reads Turnwise’s snake_case names as words and keeps another tool’s kebab-case names as it writes them', () => {
    expect(metricLabel('turn_faithfulness')).toBe('Turn faithfulness');
    expect(metricLabel('overall')).toBe('Overall');
    expect(metricLabel('llm-rubric')).toBe('llm-rubric');
    expect(metricLabel('context-faithfulness (2)')).toBe('context-faithfulness (2)');
  });
});
