import { describe, expect, it } from 'vitest';
import { agreementStats, type LabelPair } from '../agreement/agreement-stats';
import { prepareAgreementComparison } from './prepare-agreement-comparison';

const pairs = (spec: [LabelPair['judge'], LabelPair['human'], number][]): LabelPair[] => spec.flatMap(([judge, human, n]) => Array.from({ length: n }, () => ({ judge, human })));
const perfect = agreementStats(pairs([['no', 'no', 5], ['yes', 'yes', 5]]));
const half = agreementStats(pairs([['no', 'no', 4], ['no', 'yes', 2], ['yes', 'no', 1], ['yes', 'yes', 5]]));

describe('prepareAgreementComparison', () => {
  it("names the run whose judge agrees most with people, per metric, and none on a tie", () => {
    const rows = prepareAgreementComparison([{ turn_faithfulness: half, conversation_relevancy: perfect }, { turn_faithfulness: perfect, conversation_relevancy: perfect }]);
    expect(rows).toEqual([
      { metric: 'turn_faithfulness', title: 'Turn faithfulness', cells: ['0.50 (12 turns)', '1.00 (10 turns)'], tones: ['fair', 'good'], best: 1, note: null },
      { metric: 'conversation_relevancy', title: 'Conversation relevancy', cells: ['1.00 (10 turns)', '1.00 (10 turns)'], tones: ['good', 'good'], best: null, note: null },
    ]);
    expect(prepareAgreementComparison([{}, {}])).toEqual([]);
    expect(prepareAgreementComparison([{ turn_faithfulness: half }, {}])[0]).toMatchObject({ cells: ['0.50 (12 turns)', '–'], best: null });
  });

  it('never says a negative or poor κ agrees most, and colours each κ by the cards’ scale', () => {
    const against = agreementStats(pairs([['no', 'yes', 5], ['yes', 'no', 4], ['no', 'no', 2], ['yes', 'yes', 1]]));
    const weak = agreementStats(pairs([['no', 'no', 3], ['no', 'yes', 3], ['yes', 'no', 2], ['yes', 'yes', 4]]));
    expect(against.kappa).toBeLessThan(0);
    expect(weak.kappa!).toBeGreaterThan(against.kappa!);
    expect(weak.kappa!).toBeLessThan(0.4);
    const [row] = prepareAgreementComparison([{ turn_faithfulness: against }, { turn_faithfulness: weak }]);
    expect(row).toMatchObject({ tones: ['poor', 'poor'], best: null });
    expect(row.note).toMatch(/^No judge agrees well with people here: the highest κ is 0\.\d\d \(below 0\.4\)\.$/);
  });
});
