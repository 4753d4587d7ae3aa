import { describe, expect, it } from 'vitest';
import type { TrendSource } from '../compare/load-trend';
import { prepareTrend, TREND_BELOW, TREND_LINE } from './prepare-trend';
import { prepareTrendSparkline } from './prepare-trend-sparkline';

const run = (id: string, modelVersion: string | null, day: number, judge = 'offline') => ({
  id,
  datasetId: 'd1',
  datasetName: 'Support',
  modelVersion,
  createdAt: new Date(Date.UTC(2026, 10, day, 9, 30)),
  judge,
});

const source: TrendSource = {
  dataset: { id: 'd1', name: 'Support', conversationCount: 10 },
  related: [],
  runs: [run('r1', 'v1', 1), run('r2', 'v2', 2), run('r3', null, 3), run('r4', 'v4', 4)],
  metrics: ['turn_faithfulness', 'context_coverage'],
  values: {
    turn_faithfulness: [
      { mean: 0.8, low: 0.75, high: 0.85, threshold: 0.5, scored: 10, version: null },
      null,
      { mean: 0.4, low: null, high: null, threshold: 0.5, scored: 10, version: null },
      { mean: 0.9, low: 0.88, high: 0.93, threshold: 0.7, scored: 10, version: null },
    ],
    context_coverage: [{ mean: 60, low: 55, high: 65, threshold: 50, scored: 10, version: null }, null, null, null],
  },
  pendingIntervals: 1,
};

describe('prepareTrend', () => {
  it('keeps a run without the metric as a gap, and a band not computed yet as a gap', () => {
    const trend = prepareTrend(source, 'turn_faithfulness');
    expect(trend.points.map((p) => p.mean)).toEqual([0.8, null, 0.4, 0.9]);
    expect(trend.points.map((p) => p.band)).toEqual([[0.75, 0.85], null, null, [0.88, 0.93]]);
    expect(trend.points.map((p) => p.threshold)).toEqual([0.5, null, 0.5, 0.7]);
    expect(trend.note).toBe('1 run without this metric is a gap. Confidence bands of 1 run are still being computed; reload in a moment.');
  });

  it('labels points by model version, links them to their runs, and colours those below their threshold', () => {
    const trend = prepareTrend(source, 'turn_faithfulness');
    expect(trend.points.map((p) => p.tick)).toEqual(['v1', 'v2', '11-03', 'v4']);
    expect(trend.points.map((p) => p.href)).toEqual(['/runs/r1', '/runs/r2', '/runs/r3', '/runs/r4']);
    expect(trend.points.map((p) => p.dotColour)).toEqual([TREND_LINE, TREND_LINE, TREND_BELOW, TREND_LINE]);
    expect(trend.points[0].valueLabel).toBe('0.80 (95% CI 0.75–0.85)');
    expect(trend.points[1].valueLabel).toBe('not scored');
    expect(trend.description).toBe('Turn faithfulness over 3 runs: from 0.80 (v1 · 2026-11-01 09:30) to 0.90 (v4 · 2026-11-04 09:30).');
    expect(trend.yDomain).toEqual([0, 1]);
  });

  it('draws the runs of each judge as a line of their own, never joining two judges’ scores', () => {
    const value = (mean: number) => ({ mean, low: null, high: null, threshold: 0.5, scored: 10, version: null });
    const mixed: TrendSource = {
      ...source,
      pendingIntervals: 0,
      runs: [run('r1', 'v1', 1), run('r2', 'v1', 2, 'lab · gpt-4.1'), run('r3', 'v2', 3), run('r4', 'v2', 4, 'lab · gpt-4.1'), run('r5', 'v3', 5)],
      metrics: ['conversation_relevancy'],
      values: { conversation_relevancy: [value(0.9), value(0.6), value(0.92), value(0.58), null] },
    };
    const trend = prepareTrend(mixed, 'conversation_relevancy');
    expect(trend.judges.map((j) => j.judge)).toEqual(['offline', 'lab · gpt-4.1']);
    expect(trend.series.map((s) => s.judge)).toEqual(['offline', 'lab · gpt-4.1']);
    const [offline, lab] = trend.series.map((s) => s.key);
    expect(trend.points.map((p) => p.lines[offline])).toEqual([0.9, null, 0.92, null, null]);
    expect(trend.points.map((p) => p.lines[lab])).toEqual([null, 0.6, null, 0.58, null]);
    expect(trend.series[0].colour).not.toBe(trend.series[1].colour);
    expect(trend.note).toMatch(/Runs of 2 judges are separate lines \(offline; lab · gpt-4.1\)/);
    // A run of a judge without the metric is a gap in that judge's line: its next run starts a new series.
    const gapped = prepareTrend({ ...mixed, runs: [...mixed.runs, run('r6', 'v4', 6)], values: { conversation_relevancy: [...mixed.values.conversation_relevancy, value(0.95)] } }, 'conversation_relevancy');
    expect(gapped.series.map((s) => s.judge)).toEqual(['offline', 'lab · gpt-4.1', 'offline']);
  });

  it('widens the axis to a scaled metric', () => {
    expect(prepareTrend(source, 'context_coverage').yDomain).toEqual([0, 65]);
  });

  it('says where a custom metric changed version, and names the version on each point', () => {
    const value = (mean: number, version: number) => ({ mean, low: null, high: null, threshold: 0.5, scored: 10, version });
    const custom: TrendSource = {
      ...source,
      pendingIntervals: 0,
      metrics: ['refund_policy'],
      values: { refund_policy: [value(0.7, 1), value(0.72, 1), null, value(0.4, 2)] },
    };
    const trend = prepareTrend(custom, 'refund_policy');
    expect(trend.points.map((p) => p.title)).toEqual([
      'v1 · 2026-11-01 09:30 · metric v1',
      'v2 · 2026-11-02 09:30 · metric v1',
      'no model version · 2026-11-03 09:30',
      'v4 · 2026-11-04 09:30 · metric v2',
    ]);
    expect(trend.note).toBe(
      "1 run without this metric is a gap. The metric's definition changed between runs (v1 → v2 at v4 · 2026-11-04 09:30 · metric v2): points on either side measure different versions.",
    );
    // Built-in metrics have no versions: no such note.
    expect(prepareTrend(source, 'turn_faithfulness').note).not.toMatch(/definition changed/);
  });

  it('says so when there is no run', () => {
    const trend = prepareTrend({ ...source, runs: [], values: {}, pendingIntervals: 0 }, 'turn_faithfulness');
    expect(trend.points).toEqual([]);
    expect(trend.note).toBe('No finished run yet.');
  });
});

describe('prepareTrendSparkline', () => {
  it('shows the latest mean and its change against the previous scored run', () => {
    const s = prepareTrendSparkline(source, 'turn_faithfulness');
    expect(s.points.map((p) => p.mean)).toEqual([0.8, null, 0.4, 0.9]);
    expect(s.latestLabel).toBe('0.90');
    expect(s.change).toBeCloseTo(0.5);
    expect(s.changeLabel).toBe('+0.50');
    expect(s.changeTone).toBe('up');
    expect(s.colour).toBe(TREND_LINE);
  });

  it('follows the latest run’s judge only: another judge’s runs are gaps and not the run its change is measured against', () => {
    const value = (mean: number) => ({ mean, low: null, high: null, threshold: 0.5, scored: 10, version: null });
    const mixed: TrendSource = {
      ...source,
      runs: [run('r1', 'v1', 1), run('r2', 'v2', 2, 'lab · gpt-4.1'), run('r3', 'v3', 3)],
      values: { conversation_relevancy: [value(0.9), value(0.3), value(0.95)] },
    };
    const s = prepareTrendSparkline(mixed, 'conversation_relevancy');
    expect(s.points.map((p) => p.mean)).toEqual([0.9, null, 0.95]);
    expect(s.changeLabel).toBe('+0.05');
    expect(s.description).toContain('in the latest of 2 runs by offline');
  });

  it('has no change with a single scored run', () => {
    const s = prepareTrendSparkline(source, 'context_coverage');
    expect(s.change).toBeNull();
    expect(s.changeTone).toBe('none');
    expect(s.latestLabel).toBe('60.00');
  });
});
