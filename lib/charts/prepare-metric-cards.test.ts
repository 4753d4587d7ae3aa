import { describe, expect, it } from 'vitest';
import { prepareMetricCards } from './prepare-metric-cards';

describe('prepareMetricCards', () => {
  it('gives mean and pass rate over scored results, errors apart', () => {
    const [card] = prepareMetricCards([{ metric: 'turn_faithfulness', threshold: 0.5, count: 5, errors: 1, passed: 3, scoreSum: 2.6 }]);
    expect(card).toMatchObject({ title: 'Turn faithfulness', mean: '0.65', passRate: '75%', threshold: '0.50', scored: 4, errors: 1, tone: 'good' });
    expect(card.detail).toBe('5 conversations · 1 error');
  });

  it('shows a scaled metric on its scale', () => {
    const [card] = prepareMetricCards([{ metric: 'context_coverage', threshold: 0.5, count: 2, errors: 0, passed: 0, scoreSum: 60, scale: 100 }]);
    expect(card).toMatchObject({ mean: '30', threshold: '50', tone: 'bad', passRate: '0%' });
    expect(card.detail).toBe('2 conversations · no errors');
  });

  it('writes large counts with separators', () => {
    const [card] = prepareMetricCards([{ metric: 'x', threshold: 0.5, count: 100_000, errors: 1_574, passed: 90_000, scoreSum: 80_000 }]);
    expect(card.detail).toBe('100,000 conversations · 1,574 errors');
  });

  it('has no mean or pass rate (not zero) when every result errored', () => {
    const [card] = prepareMetricCards([{ metric: 'knowledge_retention', threshold: 0.5, count: 1, errors: 1, passed: 0, scoreSum: 0 }]);
    expect(card).toMatchObject({ mean: '–', meanValue: null, passRate: '–', passRateValue: null, tone: 'none' });
    expect(card.detail).toBe('1 conversation · 1 error');
  });
});
