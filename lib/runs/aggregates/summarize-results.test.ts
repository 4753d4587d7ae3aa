import { describe, expect, it } from 'vitest';
import { summarizeResults } from './summarize-results';
import { oneVerdictPerTurn } from './turn-verdict-rows';

describe('summarizeResults', () => {
  it('averages scores and pass rates over the results that did not error', () => {
    const s = summarizeResults([
      { metric: 'a', score: 1, success: true, error: null },
      { metric: 'a', score: 0.5, success: false, error: null },
      { metric: 'a', score: null, success: false, error: 'judge failed' },
      { metric: 'b', score: null, success: false, error: 'judge failed' },
    ]);
    expect(s.a).toEqual({ mean: 0.75, passRate: 0.5, count: 3, errors: 1 });
    expect(s.b).toEqual({ mean: null, passRate: null, count: 1, errors: 1 });
  });
});

describe('oneVerdictPerTurn', () => {
  it('keeps the worst verdict of a turn with its lowest score and every reason', () => {
    const rows = oneVerdictPerTurn([
      { turn: 3, verdict: 'yes', score: 1, reason: 'claim A supported.' },
      { turn: 1, verdict: 'yes', score: 1, reason: 'fine.' },
      { turn: 3, verdict: 'no', score: 0.5, reason: 'claim B contradicts.' },
      { turn: 3, verdict: 'idk', score: 0.8, reason: 'claim C unknown.' },
    ]);
    expect(rows.map((r) => [r.turn, r.verdict, r.score])).toEqual([
      [1, 'yes', 1],
      [3, 'no', 0.5],
    ]);
    expect(rows[1].reason).toContain('claim B contradicts.');
    expect(rows[1].reason).toContain('claim A supported.');
  });
});
