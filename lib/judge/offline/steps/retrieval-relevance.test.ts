import { describe, expect, it } from 'vitest';
import { entriesInOrder } from '../../step-items';
import { judgeNodeUsefulness, judgeStatementRelevance } from './retrieval-relevance';

describe('offline retrieval relevance rules', () => {
  it('finds a node useful when it backs a sentence of the expected outcome', () => {
    const reply = judgeNodeUsefulness({
      userMessages: 'When does the museum open?',
      expectedOutcome: 'The museum opens at 9 am.',
      retrievalContext: ['Parking costs 3 euros.', 'The museum opens at 9 am every day.'],
    });
    expect(entriesInOrder(reply.verdicts, 2).map((v) => v.verdict)).toEqual(['no', 'yes']);
  });

  it('finds a statement relevant when it shares a content word with what the user asked', () => {
    const reply = judgeStatementRelevance({ userMessages: 'When does the museum open?', retrievalContext: ['The museum opens at 9 am. Parking costs 3 euros.'] });
    expect(entriesInOrder(reply.nodes, 1)[0].statements.map((s) => [s.statement, s.verdict])).toEqual([
      ['The museum opens at 9 am.', 'yes'],
      ['Parking costs 3 euros.', 'no'],
    ]);
  });
});
