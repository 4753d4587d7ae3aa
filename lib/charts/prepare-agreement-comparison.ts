import type { AgreementStats } from '../agreement/agreement-stats';
import { metricLabel } from '../format/format';
import { kappaTone, type KappaTone } from './kappa-tone';
import { unmeasurableAgreement } from './unmeasurable-agreement';

export interface AgreementComparisonRow {
  metric: string;
  title: string;
  /** Per run, in the order given: "0.62 (40 turns)", or "–" without labelled turns. */
  cells: string[];
  /** Per run: how its κ reads (the agreement cards' scale), which colours it. */
  tones: KappaTone[];
  /**
   * Index of the run whose judge agrees most with people: the highest κ, when at least two runs
   * have one, it is not tied, and it is at least moderate (≥ 0.4). A low or negative κ never
   * "agrees most": null, and `note` says so.
   */
  best: number | null;
  /** Why no run is named although two have a κ (every κ is poor); null otherwise. */
  note: string | null;
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
    const top = Math.max(...scored);
    // A tie names no run; nor does a highest κ that is itself poor.
    const highest = scored.length >= 2 && scored.filter((k) => k === top).length === 1 ? kappas.indexOf(top) : null;
    const poor = highest !== null && kappaTone(top) === 'poor';
    return {
      metric,
      title: metricLabel(metric),
      cells: perRun.map((r, i) => (r[metric] ? `${kappas[i] === null ? 'not measurable' : kappas[i]!.toFixed(2)} (${r[metric].n} turns)` : '–')),
      tones: kappas.map(kappaTone),
      best: poor ? null : highest,
      note: poor ? `No judge agrees well with people here: the highest κ is ${top.toFixed(2)} (below 0.4).` : null,
    };
  });
}
