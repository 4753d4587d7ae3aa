import { describe, expect, it } from 'vitest';
import { parseScoreStats, scoreStatsFromGroups } from './score-stats';

describe('scoreStatsFromGroups', () => {
  it('folds grouped results into per-metric counts, sums and a 2-decimal distribution', () => {
    const stats = scoreStatsFromGroups([
      { metric: 'context_coverage', threshold: 0.5, score: 0.333333, success: false, count: 2 },
      { metric: 'context_coverage', threshold: 0.5, score: 0.334, success: false, count: 1 },
      { metric: 'context_coverage', threshold: 0.5, score: 1, success: true, count: 3 },
      { metric: 'context_coverage', threshold: 0.5, score: null, success: false, count: 1 },
      { metric: 'knowledge_retention', threshold: 1, score: 0.9, success: false, count: 4 },
    ]);
    expect(stats.metrics.map((m) => m.metric)).toEqual(['knowledge_retention', 'context_coverage']);
    const coverage = stats.metrics[1];
    expect(coverage).toMatchObject({ count: 7, errors: 1, passed: 3, threshold: 0.5 });
    expect(coverage.scoreSum).toBeCloseTo(0.333333 * 2 + 0.334 + 3);
    expect(coverage.points).toEqual([
      [0.33, 0, 3],
      [1, 3, 0],
    ]);
    expect(stats.metrics[0]).toMatchObject({ threshold: 1, passed: 0, points: [[0.9, 0, 4]] });
  });

  it('reads stored stats back and refuses what it cannot read', () => {
    const stats = scoreStatsFromGroups([{ metric: 'x', threshold: 0.5, score: 1, success: true, count: 1 }]);
    expect(parseScoreStats(JSON.parse(JSON.stringify(stats)))).toEqual(stats);
    expect(parseScoreStats(null)).toBeNull();
    expect(parseScoreStats({ version: 2, metrics: [] })).toBeNull();
  });
});
