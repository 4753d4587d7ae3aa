import { describe, expect, it } from 'vitest';
import type { ScoreGroup } from '../../db/queries/runs/list-run-score-groups';
import { scoreStatsFromGroups } from './score-stats';
import { summarizeResults } from './summarize-results';
import { summaryFromScoreStats } from './summary-from-score-stats';

describe('summaryFromScoreStats', () => {
  it('gives the run summary that the result rows give, from the grouped distribution', () => {
    const rows = [
      { metric: 'knowledge_retention', score: 1, success: true, error: null },
      { metric: 'knowledge_retention', score: 1, success: true, error: null },
      { metric: 'knowledge_retention', score: 0.25, success: false, error: null },
      { metric: 'knowledge_retention', score: null, success: false, error: 'judge failed' },
      { metric: 'turn_faithfulness', score: 0.5, success: true, error: null },
      { metric: 'context_coverage', score: null, success: false, error: 'judge failed' },
    ];
    const groups = new Map<string, ScoreGroup>();
    for (const r of rows) {
      const key = `${r.metric}|${r.score}|${r.success}`;
      const g = groups.get(key) ?? { metric: r.metric, score: r.score, success: r.success, threshold: 0.5, count: 0 };
      g.count += 1;
      groups.set(key, g);
    }
    const summary = summaryFromScoreStats(scoreStatsFromGroups(groups.values()));
    expect(summary).toEqual(summarizeResults(rows));
    expect(summary.knowledge_retention).toEqual({ mean: 0.75, passRate: 2 / 3, count: 4, errors: 1 });
    expect(summary.context_coverage).toEqual({ mean: null, passRate: null, count: 1, errors: 1 });
  });
});
