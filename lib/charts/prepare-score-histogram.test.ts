import { describe, expect, it } from 'vitest';
import { prepareScoreHistogram } from './prepare-score-histogram';
import { FAIL_COLOUR, PASS_COLOUR } from './verdict-palette';

describe('prepareScoreHistogram', () => {
  it('bins scores into ten ranges over 0..1, the top score in the last bin', () => {
    const h = prepareScoreHistogram({
      metric: 'conversation_relevancy',
      threshold: 0.5,
      errors: 0,
      points: [
        [0, 0, 2],
        [0.3, 0, 1],
        [0.45, 0, 1],
        [0.5, 3, 0],
        [0.99, 1, 0],
        [1, 5, 0],
      ],
    });
    expect(h.bins).not.toBeNull();
    const bins = h.bins!;
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.label)).toEqual(['0.0–0.1', '0.1–0.2', '0.2–0.3', '0.3–0.4', '0.4–0.5', '0.5–0.6', '0.6–0.7', '0.7–0.8', '0.8–0.9', '0.9–1.0']);
    expect(bins.map((b) => b.passed + b.failed)).toEqual([2, 0, 0, 1, 1, 3, 0, 0, 0, 6]);
    // 0.3 is 0.29999… × 10: it still belongs to the bin that starts at 0.3.
    expect(bins[3].failed).toBe(1);
    expect(bins[5]).toMatchObject({ passed: 3, failed: 0, from: 0.5, tick: '0.5' });
    expect(h.scored).toBe(13);
    expect(h.title).toBe('Conversation relevancy');
    expect(h.passColour).toBe(PASS_COLOUR);
    expect(h.failColour).toBe(FAIL_COLOUR);
    expect(h.note).toBeNull();
    expect(h.axisLabel).toBe('Score: each bar spans 0.1 from its tick, the last one includes 1.0');
    expect(h.description).toContain('0.9–1.0: 6');
  });

  it('keeps passing and failing results of one bin apart (strict mode fails 0.9)', () => {
    const h = prepareScoreHistogram({ metric: 'turn_faithfulness', threshold: 1, errors: 0, points: [[0.92, 0, 4], [1, 6, 0]] });
    expect(h.bins![9]).toMatchObject({ passed: 6, failed: 4 });
    expect(h.thresholdLabel).toBe('1.00');
  });

  it('bins a scaled metric over its scale and labels it in whole numbers', () => {
    const h = prepareScoreHistogram({ metric: 'context_coverage', threshold: 0.5, errors: 0, scale: 100, points: [[50, 2, 0], [25, 0, 1], [100, 1, 0]] });
    expect(h.bins!.map((b) => b.label)[0]).toBe('0–10');
    expect(h.bins![5].passed).toBe(2);
    expect(h.bins![2].failed).toBe(1);
    expect(h.bins![9].passed).toBe(1);
    expect(h.thresholdLabel).toBe('50');
  });

  it('leaves errored results out of the bins and says so', () => {
    const h = prepareScoreHistogram({ metric: 'knowledge_retention', threshold: 0.5, errors: 2, points: [[1, 3, 0]] });
    expect(h.bins!.reduce((n, b) => n + b.passed + b.failed, 0)).toBe(3);
    expect(h.errors).toBe(2);
    expect(h.note).toBe('2 errored results have no score and are not shown.');
  });

  it('is a gap, not a row of zero bars, when nothing was scored', () => {
    const none = prepareScoreHistogram({ metric: 'knowledge_retention', threshold: 0.5, errors: 0, points: [] });
    expect(none.bins).toBeNull();
    expect(none.note).toBe('No scores yet.');
    const failed = prepareScoreHistogram({ metric: 'knowledge_retention', threshold: 0.5, errors: 4, points: [] });
    expect(failed.bins).toBeNull();
    expect(failed.note).toBe('No scores: all 4 results errored.');
  });

  it('gives the count axis round ticks with short labels', () => {
    const small = prepareScoreHistogram({ metric: 'x', threshold: 0.5, errors: 0, points: [[1, 6, 0]] });
    expect(small.yTicks).toEqual([0, 2, 4, 6]);
    const large = prepareScoreHistogram({ metric: 'x', threshold: 0.5, errors: 0, points: [[1, 79_123, 0], [0.1, 0, 1_200]] });
    expect(large.yTicks).toEqual([0, 20_000, 40_000, 60_000, 80_000]);
    expect(large.yTickLabels).toEqual(['0', '20K', '40K', '60K', '80K']);
    const one = prepareScoreHistogram({ metric: 'x', threshold: 0.5, errors: 0, points: [[1, 1, 0]] });
    expect(one.yTicks).toEqual([0, 1]);
  });

  it('takes another bin count', () => {
    const h = prepareScoreHistogram({ metric: 'x', threshold: 0.5, errors: 0, points: [[0.24, 1, 0], [0.25, 1, 0]] }, 4);
    expect(h.bins!.map((b) => b.passed)).toEqual([1, 1, 0, 0]);
    expect(h.bins!.map((b) => b.label)).toEqual(['0.00–0.25', '0.25–0.50', '0.50–0.75', '0.75–1.00']);
  });
});
