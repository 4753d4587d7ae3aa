import { formatPercent, metricLabel } from '../format/format';

export interface MetricCardSource {
  metric: string;
  threshold: number;
  count: number;
  errors: number;
  passed: number;
  scoreSum: number;
  scale?: number;
}

export interface PreparedMetricCard {
  metric: string;
  title: string;
  /** Mean score on the metric's scale, formatted; "–" when nothing was scored. */
  mean: string;
  meanValue: number | null;
  /** Share of scored results that passed, formatted; "–" when nothing was scored. */
  passRate: string;
  passRateValue: number | null;
  /** The threshold on the metric's scale. */
  threshold: string;
  scored: number;
  errors: number;
  /** One line: how many conversations, how many errored. */
  detail: string;
  tone: 'good' | 'bad' | 'none';
}

const n = (x: number) => x.toLocaleString('en-US');
const formatOnScale = (x: number, scale: number) => (scale >= 10 ? x.toFixed(0) : x.toFixed(2));

/**
 * A card per metric. Mean and pass rate are over the results that have a score, as the run
 * summary computes them: an errored result is counted apart, not as a zero.
 */
export function prepareMetricCards(sources: MetricCardSource[]): PreparedMetricCard[] {
  return sources.map((s) => {
    const scale = s.scale && s.scale > 0 ? s.scale : 1;
    const scored = s.count - s.errors;
    const meanValue = scored > 0 ? s.scoreSum / scored : null;
    const passRateValue = scored > 0 ? s.passed / scored : null;
    return {
      metric: s.metric,
      title: metricLabel(s.metric),
      mean: meanValue === null ? '–' : formatOnScale(meanValue, scale),
      meanValue,
      passRate: formatPercent(passRateValue),
      passRateValue,
      threshold: formatOnScale(s.threshold * scale, scale),
      scored,
      errors: s.errors,
      detail: `${n(s.count)} ${s.count === 1 ? 'conversation' : 'conversations'}${s.errors ? ` · ${n(s.errors)} ${s.errors === 1 ? 'error' : 'errors'}` : ' · no errors'}`,
      tone: meanValue === null ? 'none' : meanValue >= s.threshold * scale ? 'good' : 'bad',
    };
  });
}
