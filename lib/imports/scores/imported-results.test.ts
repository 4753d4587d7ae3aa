import { describe, expect, it } from 'vitest';
import type { ImportedScore } from '../../datasets/imported-scores';
import { importedResults } from './imported-results';

const rating = (value: number, turn?: number): ImportedScore => ({ tool: 'LangSmith', name: 'helpfulness', kind: 'numeric', value, ...(turn !== undefined ? { turn } : {}) });

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
    // The tool decided no pass: the mean of the turns reads against 0.5, as a Turnwise metric's does.
    expect(results[0]).toMatchObject({ conversationId: 'c0', score: expect.closeTo(0.6, 9), success: true, verdicts: [{ turn: 1, verdict: 'yes', score: 0.8 }, { turn: 3, verdict: 'no', score: 0.4 }] });
    expect(results[1]).toMatchObject({ conversationId: 'c1', score: 1, success: true, verdicts: [], details: { facts: { storedValue: 5 }, turnVerdicts: { found: false } } });
  });

  it('keeps promptfoo’s own pass and fail, and scores already on [0, 1] as they are', () => {
    const pf = (value: number, pass: boolean, turn: number): ImportedScore => ({ tool: 'promptfoo', name: 'llm-rubric', kind: 'numeric', value, pass, turn });
    const { results } = importedResults([{ position: 0, scores: [pf(0.9, false, 1), pf(0.7, true, 3)] }], ['c0']);
    expect(results[0]).toMatchObject({ score: 0.8, success: false, verdicts: [{ turn: 1, verdict: 'no', score: 0.9 }, { turn: 3, verdict: 'yes', score: 0.7 }] });
  });

  it('names a metric by the tool’s score name, adding the tool where it is a built-in metric’s or another tool’s in the same import', () => {
    const score = (tool: string, name: string, extra: Partial<ImportedScore> = {}): ImportedScore => ({ tool, name, kind: 'numeric', value: 1, ...extra });
    const { metrics, results } = importedResults(
      [
        { position: 0, scores: [score('Langfuse', 'helpfulness'), score('Langfuse', 'tool_use'), score('Langfuse', 'tone')] },
        { position: 1, scores: [score('Opik', 'helpfulness'), score('promptfoo', 'conversation-relevance', { sameAs: 'conversation_relevancy', pass: true })] },
      ],
      ['c0', 'c1'],
    );
    expect(Object.keys(metrics)).toEqual(['helpfulness (Langfuse)', 'tool_use (Langfuse)', 'tone', 'helpfulness (Opik)', 'conversation_relevancy']);
    expect(metrics['tool_use (Langfuse)']).toMatchObject({ sourceMetric: 'tool_use' });
    expect(results.map((r) => [r.metric, r.details.origin, r.details.judge])).toEqual([
      ['helpfulness (Langfuse)', 'langfuse', 'Langfuse: helpfulness'],
      ['tool_use (Langfuse)', 'langfuse', 'Langfuse: tool_use'],
      ['tone', 'langfuse', 'Langfuse: tone'],
      ['helpfulness (Opik)', 'opik', 'Opik: helpfulness'],
      ['conversation_relevancy', 'promptfoo', 'promptfoo: conversation-relevance'],
    ]);
  });

  it('reads booleans and verdict-like categories as 1 or 0, a lower-is-better name as passing low, and a category without a number as no score', () => {
    const { metrics, results } = importedResults(
      [
        {
          position: 0,
          scores: [
            { tool: 'Langfuse', name: 'correct', kind: 'boolean', value: 0, label: 'False', turn: 1 },
            { tool: 'Opik', name: 'hallucination', kind: 'numeric', value: 0.1, turn: 1 },
            { tool: 'Langfuse', name: 'resolution', kind: 'categorical', value: 1, label: 'Resolved' },
            { tool: 'Langfuse', name: 'mood', kind: 'categorical', value: null, label: 'calm' },
          ],
        },
      ],
      ['c0'],
    );
    expect(results.map((r) => [r.metric, r.score, r.success])).toEqual([
      ['correct', 0, false],
      ['hallucination', 0.1, true],
      ['resolution', 1, true],
      ['mood', null, false],
    ]);
    expect(results[0].details.facts).toEqual({ storedValue: 'False' });
    expect(metrics.hallucination).toMatchObject({ threshold: 0.5, lowerIsBetter: true });
    expect(results[3].error).toBe('Langfuse: mood gave no number to score (categories calm)');
  });
});
