import type { TrendSource } from '../compare/load-trend';
import { formatDate, metricLabel } from '../format/format';

export interface TrendPoint {
  /** Position on the x axis (runs in time order). */
  x: number;
  runId: string;
  href: string;
  /** Axis tick: the model version, else the date. */
  tick: string;
  /** Tooltip and link text. */
  title: string;
  date: string;
  dataset: string;
  /** null: the run has no score for this metric — a gap in the line, not a zero. */
  mean: number | null;
  /** [low, high] of the 95% interval; null when unknown (a gap in the band). */
  band: [number, number] | null;
  threshold: number | null;
  /** Dot colour: below the threshold or not. */
  dotColour: string;
  /** Text of the value for the tooltip, e.g. "0.82 (95% CI 0.80–0.84)". */
  valueLabel: string;
  /** The judge that scored the run. */
  judge: string;
  /** By series key: this point's mean on its own judge's line, null on every other (the line passes it by). */
  lines: Record<string, number | null>;
  /** By series key: this point's band on its own judge's line. */
  bands: Record<string, [number, number] | null>;
}

/**
 * One line of the chart: the runs of one judge, up to a run of that judge without the metric
 * (a gap: the judge's next scored run starts a new series of the same colour).
 */
export interface TrendSeries {
  key: string;
  judge: string;
  colour: string;
}

export interface PreparedTrend {
  metric: string;
  title: string;
  points: TrendPoint[];
  /** A line per judge (and per gap in it): runs of different judges never share a line. */
  series: TrendSeries[];
  /** The judges in the order of their colours, for a legend; one entry when every run had the same judge. */
  judges: { judge: string; colour: string }[];
  yDomain: [number, number];
  lineColour: string;
  bandColour: string;
  thresholdColour: string;
  /** What the chart leaves out or why it is empty; null when nothing to say. */
  note: string | null;
  /** Accessible summary of the numbers. */
  description: string;
}

export const TREND_LINE = '#4f46e5';
export const TREND_BAND = '#c7d2fe';
export const TREND_THRESHOLD = '#d97706';
export const TREND_BELOW = '#e11d48';
/** Line colours by judge, the first judge in TREND_LINE; none is the threshold's amber or the below-threshold red. */
export const JUDGE_COLOURS = [TREND_LINE, '#0d9488', '#c026d3', '#475569', '#65a30d', '#0284c7'];

const fmt = (x: number) => x.toFixed(2);

/**
 * One metric's trend over a dataset family's runs: the mean per run with its bootstrap 95%
 * band, the run's pass threshold as a step line, each point a link to its run. A run without
 * the metric is a gap; so is a band not computed yet. The y axis spans 0..1 (or the scale a
 * scaled metric reports on) unless a value lies outside.
 */
export function prepareTrend(source: TrendSource, metric: string): PreparedTrend {
  const values = source.values[metric] ?? [];
  const judges = [...new Set(source.runs.filter((_, x) => values[x]?.mean != null).map((r) => r.judge))];
  const colourOf = (judge: string) => JUDGE_COLOURS[Math.max(0, judges.indexOf(judge)) % JUDGE_COLOURS.length];
  // A run of a judge without the metric ends that judge's line; its next scored run starts another.
  const open = new Set<string>();
  const series: TrendSeries[] = [];
  const seriesOf = source.runs.map((run, x) => {
    if (values[x]?.mean == null) {
      open.delete(run.judge);
      return null;
    }
    if (!open.has(run.judge)) {
      open.add(run.judge);
      series.push({ key: `s${series.length}`, judge: run.judge, colour: colourOf(run.judge) });
    }
    return series.findLast((s) => s.judge === run.judge)!.key;
  });
  const points: TrendPoint[] = source.runs.map((run, x) => {
    const v = values[x] ?? null;
    const mean = v?.mean ?? null;
    const band = v && v.low !== null && v.high !== null ? ([v.low, v.high] as [number, number]) : null;
    const date = formatDate(run.createdAt);
    const title = `${run.modelVersion ?? 'no model version'} · ${date}${v?.version ? ` · metric v${v.version}` : ''}`;
    return {
      x,
      runId: run.id,
      href: `/runs/${run.id}`,
      tick: run.modelVersion ?? date.slice(5, 10),
      title,
      date,
      dataset: run.datasetName,
      mean,
      band,
      threshold: v?.threshold ?? null,
      dotColour: mean !== null && v && mean < v.threshold ? TREND_BELOW : colourOf(run.judge),
      valueLabel: mean === null ? 'not scored' : band ? `${fmt(mean)} (95% CI ${fmt(band[0])}–${fmt(band[1])})` : fmt(mean),
      judge: run.judge,
      lines: Object.fromEntries(series.map((s) => [s.key, s.key === seriesOf[x] ? mean : null])),
      bands: Object.fromEntries(series.map((s) => [s.key, s.key === seriesOf[x] ? band : null])),
    };
  });
  const numbers = points.flatMap((p) => [p.mean, p.threshold, ...(p.band ?? [])]).filter((n): n is number => n !== null);
  const top = Math.max(1, ...numbers);
  const bottom = Math.min(0, ...numbers);
  const scored = points.filter((p) => p.mean !== null);
  const gaps = points.length - scored.length;
  const notes = [
    points.length === 0 ? 'No finished run yet.' : null,
    gaps ? `${gaps} run${gaps === 1 ? '' : 's'} without this metric ${gaps === 1 ? 'is a gap' : 'are gaps'}.` : null,
    source.pendingIntervals ? `Confidence bands of ${source.pendingIntervals} run${source.pendingIntervals === 1 ? '' : 's'} are still being computed; reload in a moment.` : null,
  ].filter(Boolean);
  // A custom metric edited between runs: its points before and after measure different definitions.
  const changes = values.flatMap((v, i) => {
    const previous = values.slice(0, i).reverse().find((p) => p?.version != null)?.version;
    return v?.version != null && previous != null && previous !== v.version ? [`v${previous} → v${v.version} at ${points[i].title}`] : [];
  });
  if (judges.length > 1) notes.push(`Runs of ${judges.length} judges are separate lines (${judges.join('; ')}): one judge's scores do not continue another's.`);
  if (changes.length) notes.push(`The metric's definition changed between runs (${changes.join('; ')}): points on either side measure different versions.`);
  const first = scored[0];
  const last = scored[scored.length - 1];
  return {
    metric,
    title: metricLabel(metric),
    points,
    series,
    judges: judges.map((judge) => ({ judge, colour: colourOf(judge) })),
    yDomain: [bottom, top],
    lineColour: TREND_LINE,
    bandColour: TREND_BAND,
    thresholdColour: TREND_THRESHOLD,
    note: notes.length ? notes.join(' ') : null,
    description:
      scored.length === 0
        ? `${metricLabel(metric)}: no scored run.`
        : `${metricLabel(metric)} over ${scored.length} runs: from ${fmt(first.mean!)} (${first.title}) to ${fmt(last.mean!)} (${last.title}).`,
  };
}
