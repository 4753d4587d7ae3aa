import { describe, expect, it } from 'vitest';
import { MAX_TURN_BARS, prepareFirstFailureHistogram } from './prepare-first-failure-histogram';

const run = (name: string, rows: [number, number, number][], judged: number) => ({
  name,
  rows: rows.map(([first, turnCount, conversations]) => ({ first, turnCount, conversations })),
  judged,
});

describe('prepareFirstFailureHistogram', () => {
  it('counts conversations by first failing turn, with every turn up to the last one as a bar', () => {
    const h = prepareFirstFailureHistogram('knowledge_retention', 'turn', [run('v1', [[1, 8, 3], [5, 8, 7], [5, 10, 2]], 20)]);
    expect(h.bars?.map((b) => [b.label, b.counts[0]])).toEqual([
      ['1', 0],
      ['2', 3],
      ['3', 0],
      ['4', 0],
      ['5', 0],
      ['6', 9],
    ]);
    expect(h.series[0]).toMatchObject({ failing: 12, neverFail: 8, judged: 20 });
    expect(h.summary).toEqual(['Most conversations first fail at turn 6 (9 conversations of 12 that fail); 8 conversations never fail.']);
    expect(h.bars?.[5].description).toBe('turn 6: 9 conversations');
  });

  it('puts failures past the last turn bar together', () => {
    const h = prepareFirstFailureHistogram('m', 'turn', [run('v1', [[MAX_TURN_BARS, 40, 1], [35, 40, 2]], 3)]);
    expect(h.bars?.at(-1)).toMatchObject({ label: `>${MAX_TURN_BARS}`, counts: [3] });
  });

  it('as a share of the conversation: ten bars by where in the conversation the first failure is', () => {
    const h = prepareFirstFailureHistogram('m', 'share', [run('v1', [[0, 10, 1], [5, 10, 2], [9, 10, 4], [3, 4, 1]], 8)]);
    expect(h.bars).toHaveLength(10);
    expect(h.bars?.map((b) => b.counts[0])).toEqual([1, 0, 0, 0, 0, 2, 0, 1, 0, 4]);
    expect(h.bars?.[0].label).toBe('0–10%');
  });

  it('overlays two runs with their own colours and summaries', () => {
    const h = prepareFirstFailureHistogram('m', 'turn', [run('v1', [[1, 8, 2]], 10), run('v2', [[5, 8, 6]], 10)]);
    expect(h.series.map((s) => s.colour)).toHaveLength(2);
    expect(new Set(h.series.map((s) => s.colour)).size).toBe(2);
    expect(h.bars?.[1].counts).toEqual([2, 0]);
    expect(h.bars?.[5].counts).toEqual([0, 6]);
    expect(h.summary[1]).toMatch(/^v2: most conversations first fail at turn 6/);
  });

  it('draws nothing when no conversation fails, and says so', () => {
    const h = prepareFirstFailureHistogram('m', 'turn', [run('v1', [], 5)]);
    expect(h.bars).toBeNull();
    expect(h.summary).toEqual(['No conversation fails at any turn (5 conversations judged).']);
  });
});
