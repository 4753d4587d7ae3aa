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
    expect(none).toMatchObject({ kappa: 'κ undefined', kappaInterval: 'people or the judge gave one verdict only', tone: 'none' });
  });
});
