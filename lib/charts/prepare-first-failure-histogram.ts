import { metricLabel } from '../format/format';
import { countTicks } from './count-ticks';
import { FAIL_COLOUR } from './verdict-palette';

export type FirstFailureMode = 'turn' | 'share';
export const FIRST_FAILURE_MODES: readonly FirstFailureMode[] = ['turn', 'share'];

/** Turns shown one bar each; later first failures share the last bar. */
export const MAX_TURN_BARS = 20;
const SHARE_BARS = 10;
// A baseline in grey beside the candidate in the failure colour: "v2 now fails around turn 6".
const SERIES_COLOURS = ['#64748b', FAIL_COLOUR, '#7c3aed', '#d97706'];

export interface FirstFailureSeriesInput {
  /** The run's name (model version or run name). */
  name: string;
  /** Conversations counted by (0-based first failing turn, turns in the conversation). */
  rows: { first: number; turnCount: number; conversations: number }[];
  /** Conversations this metric gave per-turn verdicts on. */
  judged: number;
}

export interface FirstFailureBar {
  key: string;
  label: string;
  /** Conversations per series (same order as `series`). */
  counts: number[];
  /** Screen-reader text of the bar. */
  description: string;
}

export interface PreparedFirstFailure {
  metric: string;
  title: string;
  mode: FirstFailureMode;
  series: { name: string; colour: string; failing: number; neverFail: number; judged: number }[];
  /** Null when no conversation failed at any turn (nothing to draw). */
  bars: FirstFailureBar[] | null;
  yTicks: number[];
  axisLabel: string;
  /** One sentence per series: where most conversations first fail, and how many never do. */
  summary: string[];
}

function bucketOf(mode: FirstFailureMode, first: number, turnCount: number): number {
  if (mode === 'turn') return Math.min(first, MAX_TURN_BARS);
  // Where in the conversation: the failing turn's position as a share of its length.
  return Math.min(SHARE_BARS - 1, Math.floor((first / Math.max(1, turnCount)) * SHARE_BARS));
}

function bucketLabel(mode: FirstFailureMode, bucket: number): string {
  if (mode === 'share') return `${bucket * 10}–${(bucket + 1) * 10}%`;
  return bucket === MAX_TURN_BARS ? `>${MAX_TURN_BARS}` : String(bucket + 1);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Where conversations break for one metric: how many first fail at each turn (or at each tenth
 * of their length), for one run or overlaid for several. Conversations that never fail are a
 * count beside the chart, not a bar.
 */
export function prepareFirstFailureHistogram(metric: string, mode: FirstFailureMode, inputs: FirstFailureSeriesInput[]): PreparedFirstFailure {
  const counts = inputs.map((input) => {
    const byBucket = new Map<number, number>();
    for (const r of input.rows) {
      const b = bucketOf(mode, r.first, r.turnCount);
      byBucket.set(b, (byBucket.get(b) ?? 0) + r.conversations);
    }
    return byBucket;
  });
  const failing = inputs.map((input) => input.rows.reduce((n, r) => n + r.conversations, 0));
  const series = inputs.map((input, i) => ({
    name: input.name,
    colour: inputs.length === 1 ? FAIL_COLOUR : SERIES_COLOURS[i % SERIES_COLOURS.length],
    failing: failing[i],
    neverFail: Math.max(0, input.judged - failing[i]),
    judged: input.judged,
  }));
  const used = counts.flatMap((m) => [...m.keys()]);
  const lastBucket = mode === 'share' ? SHARE_BARS - 1 : used.length ? Math.max(...used) : -1;
  const bars =
    lastBucket < 0
      ? null
      : Array.from({ length: lastBucket + 1 }, (_, b): FirstFailureBar => {
          const values = counts.map((m) => m.get(b) ?? 0);
          const label = bucketLabel(mode, b);
          const where = mode === 'turn' ? `turn ${label}` : `${label} of the conversation`;
          return {
            key: String(b),
            label,
            counts: values,
            description: `${where}: ${values.map((v, i) => `${inputs.length > 1 ? `${inputs[i].name} ` : ''}${plural(v, 'conversation')}`).join(', ')}`,
          };
        });
  const top = Math.max(0, ...(bars ?? []).flatMap((b) => b.counts));
  const summary = series.map((s, i) => {
    // "v2: most conversations…" beside others; a sentence of its own alone.
    const line = (text: string) => (inputs.length > 1 ? `${s.name}: ${text}` : text.charAt(0).toUpperCase() + text.slice(1));
    if (s.failing === 0) return line(`no conversation fails at any turn (${plural(s.judged, 'conversation')} judged).`);
    const peak = (bars ?? []).reduce((best, b) => (b.counts[i] > best.counts[i] ? b : best));
    const where = mode === 'turn' ? `at turn ${peak.label}` : `${peak.label} of the way through`;
    return line(
      `most conversations first fail ${where} (${plural(peak.counts[i], 'conversation')} of ${s.failing.toLocaleString('en-US')} that fail); ${plural(s.neverFail, 'conversation')} never ${s.neverFail === 1 ? 'fails' : 'fail'}.`,
    );
  });
  return {
    metric,
    title: metricLabel(metric),
    mode,
    series,
    bars,
    yTicks: countTicks(top),
    axisLabel: mode === 'turn' ? 'First failing turn' : 'First failing turn, as a share of the conversation',
    summary,
  };
}
