import { metricLabel } from '../format/format';
import { countTicks } from './count-ticks';
import { FAIL_COLOUR, PASS_COLOUR } from './verdict-palette';

export interface HistogramSource {
  metric: string;
  /** Pass threshold on 0..1. */
  threshold: number;
  errors: number;
  /** [score, passed, failed] at each distinct score (reported scale). */
  points: [number, number, number][];
  /** The metric's reported scale (context_coverage's `scale`); 1 for the others. */
  scale?: number;
}

export interface HistogramBin {
  /** Range label, e.g. "0.4–0.5". */
  label: string;
  /** Axis tick: the range's lower edge, e.g. "0.4". */
  tick: string;
  from: number;
  to: number;
  passed: number;
  failed: number;
}

export interface PreparedHistogram {
  metric: string;
  title: string;
  /** null when the metric has no score at all: the chart is then a gap, not a row of zeros. */
  bins: HistogramBin[] | null;
  scored: number;
  errors: number;
  /** The pass threshold on the scores' scale. */
  thresholdLabel: string;
  /** What the x axis shows, under it. */
  axisLabel: string;
  /** The count axis: tick values from 0 to a round top, and their labels ("1.5k"). */
  yTicks: number[];
  yTickLabels: string[];
  passColour: string;
  failColour: string;
  /** A line under the chart: what is left out (errors) or why there is no chart. */
  note: string | null;
  /** Accessible summary of the chart's numbers. */
  description: string;
}

const DEFAULT_BINS = 10;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Digits that show every bin edge exactly: 0.1 steps need one, 0.25 steps need two. */
function edgeDigits(binCount: number, scale: number): number {
  for (const digits of [0, 1, 2]) {
    if (scale < 10 && digits === 0) continue;
    const exact = Array.from({ length: binCount + 1 }, (_, i) => (i * scale) / binCount).every(
      (edge) => Math.abs(Number(edge.toFixed(digits)) - edge) < 1e-9,
    );
    if (exact) return digits;
  }
  return scale >= 10 ? 1 : 2;
}

/**
 * Bins a metric's score distribution into `binCount` equal ranges over [0, scale]: bin i holds
 * scores in [i, i+1)·scale/binCount, the last bin also holds the top score. Each bin keeps its
 * passing and failing counts apart (they differ only around the threshold, or under strict
 * mode). Errored results have no score: they are counted in the note, never as zeros.
 */
export function prepareScoreHistogram(source: HistogramSource, binCount = DEFAULT_BINS): PreparedHistogram {
  const scale = source.scale && source.scale > 0 ? source.scale : 1;
  const title = metricLabel(source.metric);
  const scored = source.points.reduce((n, [, p, f]) => n + p + f, 0);
  const base = {
    metric: source.metric,
    title,
    scored,
    errors: source.errors,
    thresholdLabel: (source.threshold * scale).toFixed(scale >= 10 ? 0 : 2),
    passColour: PASS_COLOUR,
    failColour: FAIL_COLOUR,
  };
  const errorNote = source.errors > 0 ? `${source.errors.toLocaleString('en-US')} errored ${source.errors === 1 ? 'result has' : 'results have'} no score and ${source.errors === 1 ? 'is' : 'are'} not shown.` : null;
  if (scored === 0) {
    return {
      ...base,
      bins: null,
      axisLabel: '',
      yTicks: [],
      yTickLabels: [],
      note: source.errors > 0 ? `No scores: all ${source.errors.toLocaleString('en-US')} results errored.` : 'No scores yet.',
      description: `${title}: no scores.`,
    };
  }
  const digits = edgeDigits(binCount, scale);
  const edge = (i: number) => ((i * scale) / binCount).toFixed(digits);
  const axisLabel = `Score: each bar spans ${edge(1)} from its tick, the last one includes ${edge(binCount)}`;
  const bins: HistogramBin[] = Array.from({ length: binCount }, (_, i) => ({
    label: `${edge(i)}–${edge(i + 1)}`,
    tick: edge(i),
    from: (i * scale) / binCount,
    to: ((i + 1) * scale) / binCount,
    passed: 0,
    failed: 0,
  }));
  for (const [score, passed, failed] of source.points) {
    // The epsilon keeps 0.3 (0.29999… × 10) in the bin that starts at 0.3.
    const raw = Math.floor((score / scale) * binCount + 1e-9);
    const i = Math.min(binCount - 1, Math.max(0, raw));
    bins[i].passed += passed;
    bins[i].failed += failed;
  }
  const yTicks = countTicks(Math.max(...bins.map((b) => b.passed + b.failed)));
  return {
    ...base,
    bins,
    axisLabel,
    yTicks,
    yTickLabels: yTicks.map((t) => compact.format(t)),
    note: errorNote,
    description: `${title}: ${scored} scored results; ${bins
      .filter((b) => b.passed + b.failed > 0)
      .map((b) => `${b.label}: ${b.passed + b.failed}`)
      .join(', ')}.`,
  };
}
