import { describe, expect, it } from 'vitest';
import { agreementStats, type LabelPair } from '../agreement/agreement-stats';
import { prepareAgreementCards } from './prepare-agreement-cards';

const pairs = (spec: [LabelPair['judge'], LabelPair['human'], number][]): LabelPair[] => spec.flatMap(([judge, human, n]) => Array.from({ length: n }, () => ({ judge, human })));

describe('prepareAgreementCards', () => {
  it('writes κ with its interval, colours it by the usual reading, and says why κ is missing', () => {
    const [good, none] = prepareAgreementCards({
      turn_faithfulness: agreementStats(pairs([['no', 'no', 20], ['yes', 'yes', 20]])),
      conversation_relevancy: agreementStats(pairs([['yes', 'yes', 5]])),
    });
    expect(good).toMatchObject({ title: 'Turn faithfulness', kappa: 'κ 1.00', tone: 'good', n: 40 });
    expect(good.kappaInterval).toMatch(/^95% CI /);
    expect(good.rows[0]).toEqual({ label: 'Balanced accuracy', value: '100% (100%–100%)' });
    expect(none).toMatchObject({
      kappa: 'κ not measurable',
      kappaInterval: 'the judge passed all 5 labelled turns: with one verdict only, agreement beyond chance cannot be measured',
      tone: 'none',
    });
  });

  it('does not show κ 0.00 [0.00, 0.00] as a measurement when the judge gave one verdict to turns people split on', () => {
    const stats = agreementStats(pairs([['yes', 'no', 3], ['yes', 'yes', 9]]));
    expect(stats.kappa).toBe(0);
    const [card] = prepareAgreementCards({ turn_faithfulness: stats });
    expect(card).toMatchObject({ kappa: 'κ not measurable', tone: 'none' });
    expect(card.kappaInterval).toBe('the judge passed all 12 labelled turns: with one verdict only, agreement beyond chance cannot be measured');
  });
});
