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
      { metric: 'turn_faithfulness', title: 'Turn faithfulness', cells: ['0.50 (12 turns)', '1.00 (10 turns)'], best: 1 },
      { metric: 'conversation_relevancy', title: 'Conversation relevancy', cells: ['1.00 (10 turns)', '1.00 (10 turns)'], best: null },
    ]);
    expect(prepareAgreementComparison([{}, {}])).toEqual([]);
    expect(prepareAgreementComparison([{ turn_faithfulness: half }, {}])[0]).toMatchObject({ cells: ['0.50 (12 turns)', '–'], best: null });
  });
});
