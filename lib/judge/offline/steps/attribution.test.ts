import { describe, expect, it } from 'vitest';
import { attributeSentences } from './attribution';

describe('contextual_recall.attribution (offline)', () => {
  const retrievalContext = ['Shipping within the EU takes 3 to 5 business days.', 'Returns are accepted within 30 days of delivery.'];

  it('attributes each sentence to the node that covers it and names the node', () => {
    const out = attributeSentences({
      expectedOutput: 'Returns are accepted for 30 days after delivery. EU shipping takes 3 to 5 business days. Gift wrapping costs 2 euros.',
      retrievalContext,
    });
    expect(out.verdicts.map((v) => [v.verdict, v.node])).toEqual([
      ['yes', 2],
      ['yes', 1],
      ['no', null],
    ]);
    // Nodes are numbered from 1, as a user counts them.
    expect(out.verdicts[0].reason).toMatch(/node 2/);
  });

  it('makes no verdict for sentences without content', () => {
    expect(attributeSentences({ expectedOutput: 'Sure!', retrievalContext }).verdicts).toEqual([]);
  });
});
