import { describe, expect, it } from 'vitest';
import type { ImportedScore } from '../../datasets/imported-scores';
import { importedResults } from './imported-results';

const rating = (score: number, turn?: number): ImportedScore => ({ metric: 'helpfulness', origin: 'langsmith', judge: 'langsmith: helpfulness', score, success: score >= 0.5, threshold: 0.5, ...(turn !== undefined ? { turn } : {}) });

describe('importedResults', () => {
  it('reads a metric given as a 1–5 rating on [0, 1] from all its scores in the file, passing at 0.5, and keeps the stored value', () => {
    const { metrics, results } = importedResults(
      [
        { position: 0, scores: [rating(4, 1), rating(2, 3)] },
        { position: 1, scores: [rating(5)] },
      ],
      ['c0', 'c1'],
    );
    expect(metrics.helpfulness).toMatchObject({ threshold: 0.5, storedScale: '0…5' });
    expect(results[0]).toMatchObject({ conversationId: 'c0', score: expect.closeTo(0.6, 9), success: false, verdicts: [{ turn: 1, verdict: 'yes', score: 0.8 }, { turn: 3, verdict: 'no', score: 0.4 }] });
    expect(results[1]).toMatchObject({ conversationId: 'c1', score: 1, success: true, verdicts: [], details: { facts: { storedValue: 5 }, turnVerdicts: { found: false } } });
  });

  it('keeps promptfoo’s own pass and fail, and scores already on [0, 1] as they are', () => {
    const pf = (score: number, success: boolean, turn: number): ImportedScore => ({ metric: 'llm-rubric', origin: 'promptfoo', judge: 'promptfoo: llm-rubric', score, success, turn });
    const { results } = importedResults([{ position: 0, scores: [pf(0.9, false, 1), pf(0.7, true, 3)] }], ['c0']);
    expect(results[0]).toMatchObject({ score: 0.8, success: false, verdicts: [{ turn: 1, verdict: 'no', score: 0.9 }, { turn: 3, verdict: 'yes', score: 0.7 }] });
  });
});
