import type { AgreementStats } from '../agreement/agreement-stats';
import { metricLabel } from '../format/format';
import { unmeasurableAgreement } from './unmeasurable-agreement';

export interface AgreementComparisonRow {
  metric: string;
  title: string;
  /** Per run, in the order given: "0.62 (40 turns)", or "–" without labelled turns. */
  cells: string[];
  /** Index of the run whose judge agrees most with people (highest κ); null when fewer than two have one, or on a tie. */
  best: number | null;
}

/**
 * Which run's judge agrees more with people, metric by metric, on the labels the runs share (κ
 * against the same people on the same turns when the runs score one dataset). Metrics no run has
 * labels for are left out.
 */
export function prepareAgreementComparison(perRun: Record<string, AgreementStats>[]): AgreementComparisonRow[] {
  const metrics = [...new Set(perRun.flatMap((r) => Object.keys(r)))];
  return metrics.map((metric) => {
    // κ of 0 by construction (one verdict only on a side) is no measurement: not a cell to rank.
    const kappas = perRun.map((r) => (r[metric] && unmeasurableAgreement(r[metric]) === null ? r[metric].kappa : null));
    const scored = kappas.filter((k): k is number => k !== null);
    return {
      metric,
      title: metricLabel(metric),
      cells: perRun.map((r, i) => (r[metric] ? `${kappas[i] === null ? 'not measurable' : kappas[i]!.toFixed(2)} (${r[metric].n} turns)` : '–')),
      // A tie names no run.
      best: scored.length >= 2 && scored.filter((k) => k === Math.max(...scored)).length === 1 ? kappas.indexOf(Math.max(...scored)) : null,
    };
  });
}
