import type { TrendSource } from '../compare/load-trend';
import { metricLabel } from '../format/format';
import { TREND_BELOW, TREND_LINE } from './prepare-trend';

export interface PreparedSparkline {
  metric: string;
  title: string;
  /** One per run, oldest first; null is a gap. */
  points: { x: number; mean: number | null }[];
  yDomain: [number, number];
  latest: number | null;
  latestLabel: string;
  /** Latest minus the previous scored run; null with fewer than two. */
  change: number | null;
  changeLabel: string;
  changeTone: 'up' | 'down' | 'flat' | 'none';
  colour: string;
  description: string;
}

/**
 * A metric's trend at a glance: the means as a small line, the latest value and its change. Only
 * the runs of the latest scored run's judge: another judge's scores are not the same line, so its
 * runs are gaps here and the change is measured against the same judge's run before.
 */
export function prepareTrendSparkline(source: TrendSource, metric: string): PreparedSparkline {
  const all = source.values[metric] ?? [];
  const judge = source.runs.findLast((_, x) => all[x]?.mean != null)?.judge;
  const values = all.map((v, x) => (source.runs[x].judge === judge ? v : null));
  const points = source.runs.map((_, x) => ({ x, mean: values[x]?.mean ?? null }));
  const scored = values.map((v, i) => ({ v, i })).filter((s) => s.v?.mean !== null && s.v?.mean !== undefined);
  const judges = new Set(source.runs.filter((_, x) => all[x]?.mean != null).map((r) => r.judge));
  const byJudge = judges.size > 1 ? ` by ${judge}` : '';
  const latest = scored.length ? scored[scored.length - 1].v!.mean! : null;
  const previous = scored.length > 1 ? scored[scored.length - 2].v!.mean! : null;
  const change = latest !== null && previous !== null ? latest - previous : null;
  const rounded = change === null ? null : Number(change.toFixed(2));
  const tone = rounded === null ? 'none' : rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const latestValue = scored.length ? scored[scored.length - 1].v! : null;
  const numbers = points.map((p) => p.mean).filter((n): n is number => n !== null);
  return {
    metric,
    title: metricLabel(metric),
    points,
    yDomain: [Math.min(0, ...numbers), Math.max(1, ...numbers)],
    latest,
    latestLabel: latest === null ? '–' : latest.toFixed(2),
    change,
    changeLabel: rounded === null ? '' : `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toFixed(2)}`,
    changeTone: tone,
    colour: latestValue && latest !== null && latest < latestValue.threshold ? TREND_BELOW : TREND_LINE,
    description:
      latest === null
        ? `${metricLabel(metric)}: no scored run.`
        : `${metricLabel(metric)}: ${latest.toFixed(2)} in the latest of ${scored.length} runs${byJudge}${rounded === null ? '' : `, ${rounded >= 0 ? 'up' : 'down'} ${Math.abs(rounded).toFixed(2)} on the run before`}.`,
  };
}
