import { describe, expect, it } from 'vitest';
import { agreementStats, raterAgreement, type LabelPair } from './agreement-stats';

const repeat = (pair: LabelPair, times: number): LabelPair[] => Array.from({ length: times }, () => pair);
/** 20 judge no / human no, 5 judge no / human yes, 10 judge yes / human no, 65 judge yes / human yes. */
const pairs = [
  ...repeat({ judge: 'no', human: 'no' }, 20),
  ...repeat({ judge: 'no', human: 'yes' }, 5),
  ...repeat({ judge: 'yes', human: 'no' }, 10),
  ...repeat({ judge: 'yes', human: 'yes' }, 65),
];

describe('agreementStats', () => {
  it('computes κ, balanced accuracy, precision and recall of the failing verdict from the confusion matrix', () => {
    const stats = agreementStats(pairs);
    expect(stats.n).toBe(100);
    expect(stats.confusion).toEqual({ judgeNoHumanNo: 20, judgeNoHumanYes: 5, judgeYesHumanNo: 10, judgeYesHumanYes: 65 });
    // By hand: observed 0.85; chance 0.25·0.30 + 0.75·0.70 = 0.60; κ = 0.25 / 0.40 = 0.625.
    expect(stats.kappa).toBeCloseTo(0.625, 12);
    // Recall of "no" 20/30, specificity 65/70: (0.6667 + 0.9286) / 2.
    expect(stats.balancedAccuracy).toBeCloseTo((20 / 30 + 65 / 70) / 2, 12);
    expect(stats.precision).toBeCloseTo(20 / 25, 12);
    expect(stats.recall).toBeCloseTo(20 / 30, 12);
    const { kappa } = stats.intervals;
    expect(kappa!.low).toBeLessThan(0.625);
    expect(kappa!.high).toBeGreaterThan(0.625);
    expect(kappa!.low).toBeGreaterThan(0.3);
    expect(kappa!.high).toBeLessThan(0.85);
    // Seeded: the same pairs give the same interval.
    expect(agreementStats(pairs).intervals).toEqual(stats.intervals);
  });

  it('leaves a figure undefined when only one class is present', () => {
    const allPass = agreementStats(repeat({ judge: 'yes', human: 'yes' }, 10));
    expect(allPass).toMatchObject({ n: 10, kappa: null, balancedAccuracy: null, precision: null, recall: null });
    expect(allPass.intervals.kappa).toBeNull();
    expect(agreementStats([])).toMatchObject({ n: 0, kappa: null });
  });

  it('is 1 when the judge matches people on every turn, and below 0 when it inverts them', () => {
    const same = [...repeat({ judge: 'no', human: 'no' }, 4), ...repeat({ judge: 'yes', human: 'yes' }, 6)];
    expect(agreementStats(same)).toMatchObject({ kappa: 1, balancedAccuracy: 1 });
    const inverted = [...repeat({ judge: 'yes', human: 'no' }, 4), ...repeat({ judge: 'no', human: 'yes' }, 6)];
    expect(agreementStats(inverted).kappa).toBeLessThan(0);
  });
});

describe('raterAgreement', () => {
  const l = (reviewer: string, verdict: 'yes' | 'no') => ({ reviewer, verdict });

  it("is Cohen's κ for two reviewers, over the turns both labelled", () => {
    const items = [
      [l('a', 'yes'), l('b', 'yes')],
      [l('a', 'no'), l('b', 'no')],
      [l('a', 'yes'), l('b', 'no')],
      [l('a', 'yes'), l('b', 'yes')],
      [l('a', 'no')], // one label only: not shared
    ];
    // By hand: observed 3/4; a fails 1 of 4, b fails 2 of 4; chance (1·2 + 3·2) / 16 = 0.5; κ = 0.25 / 0.5.
    expect(raterAgreement(items)).toEqual({ items: 4, raters: 2, method: 'cohen', kappa: 0.5 });
  });

  it("is Fleiss' κ for three or more", () => {
    const items = [
      [l('a', 'yes'), l('b', 'yes'), l('c', 'yes')],
      [l('a', 'yes'), l('b', 'no'), l('c', 'no')],
    ];
    // Per-item agreement 1 and 1/3, mean 2/3; yes in 4 of 6 labels: chance 5/9; κ = (2/3 − 5/9) / (4/9) = 0.25.
    const result = raterAgreement(items)!;
    expect(result).toMatchObject({ items: 2, raters: 3, method: 'fleiss' });
    expect(result.kappa).toBeCloseTo(0.25, 12);
    expect(raterAgreement([[l('a', 'yes')]])).toBeNull();
  });
});
