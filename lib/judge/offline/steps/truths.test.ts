import { describe, expect, it } from 'vitest';
import { extractTruths } from './truths';

describe('turn_faithfulness.truths (offline)', () => {
  const doc = 'The Eiffel Tower is in Paris. It was completed in 1889; it is 330 metres tall.';

  it('splits each document into sentences and clauses', () => {
    expect(extractTruths({ documents: [doc, 'Refunds take 5 days.'], limit: null })).toEqual({
      documents: {
        '1': { truths: ['The Eiffel Tower is in Paris.', 'It was completed in 1889', 'it is 330 metres tall.'] },
        '2': { truths: ['Refunds take 5 days.'] },
      },
    });
  });

  it('caps the truths of each document at the limit', () => {
    expect(extractTruths({ documents: [doc], limit: 1 }).documents['1'].truths).toEqual(['The Eiffel Tower is in Paris.']);
  });

  it('repairs text glued by scraping before splitting it', () => {
    const truths = extractTruths({ documents: ['It was published in the 19th century.First for Women is a magazine.'], limit: null });
    expect(truths.documents['1'].truths).toHaveLength(2);
  });
});
