import type { AgreementStats, Interval, RaterAgreement } from '../agreement/agreement-stats';
import { metricLabel } from '../format/format';
import { kappaTone, type KappaTone } from './kappa-tone';
import { unmeasurableAgreement } from './unmeasurable-agreement';

export interface AgreementCard {
  metric: string;
  title: string;
  /** "κ 0.50" and its interval, or why there is none. */
  kappa: string;
  kappaInterval: string;
  tone: KappaTone;
  rows: { label: string; value: string }[];
  confusion: { judgeNoHumanNo: number; judgeNoHumanYes: number; judgeYesHumanNo: number; judgeYesHumanYes: number };
  n: number;
  /** The judge against each reviewer: "κ 0.40 over 12 turns". */
  reviewers: { reviewer: string; value: string }[];
  /** People among themselves, the ceiling a judge can reach; null when no turn has two labels. */
  betweenReviewers: string | null;
  /** "1 turn where reviewers split evenly is left out."; null when none. */
  split: string | null;
}

type WithReviewers = AgreementStats & { reviewers?: Record<string, AgreementStats>; betweenReviewers?: RaterAgreement | null; split?: number };

const fmt = (x: number | null, digits = 2) => (x === null ? '–' : x.toFixed(digits));
const pct = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);
const range = (i: Interval | null, show: (x: number | null) => string) => (i ? `${show(i.low)}–${show(i.high)}` : 'no interval');

/**
 * A card per metric with labelled turns: κ with its interval (coloured by the usual reading:
 * ≥ 0.6 substantial, ≥ 0.4 moderate, below that poor), balanced accuracy, precision and recall of
 * failing turns, and the confusion matrix.
 */
export function prepareAgreementCards(byMetric: Record<string, WithReviewers>): AgreementCard[] {
  return Object.entries(byMetric).map(([metric, s]) => {
    // κ of 0 (or undefined) by construction is a number but no measurement: say why instead.
    const why = unmeasurableAgreement(s) ?? (s.kappa === null ? 'people or the judge gave one verdict only' : null);
    return {
      metric,
      title: metricLabel(metric),
      kappa: why !== null || s.kappa === null ? 'κ not measurable' : `κ ${fmt(s.kappa)}`,
      kappaInterval: why ?? `95% CI ${range(s.intervals.kappa, fmt)}`,
      tone: why !== null ? 'none' : kappaTone(s.kappa),
      rows: [
        { label: 'Balanced accuracy', value: `${pct(s.balancedAccuracy)} (${range(s.intervals.balancedAccuracy, pct)})` },
        { label: 'Recall of failing turns', value: `${pct(s.recall)} (${range(s.intervals.recall, pct)})` },
        { label: 'Precision of failing turns', value: `${pct(s.precision)} (${range(s.intervals.precision, pct)})` },
      ],
      confusion: s.confusion,
      n: s.n,
      reviewers: Object.entries(s.reviewers ?? {}).map(([reviewer, r]) => ({ reviewer, value: `κ ${fmt(r.kappa)} over ${r.n} ${r.n === 1 ? 'turn' : 'turns'}` })),
      betweenReviewers: s.betweenReviewers
        ? `${s.betweenReviewers.method === 'cohen' ? 'Cohen’s' : 'Fleiss’'} κ ${fmt(s.betweenReviewers.kappa)} between ${s.betweenReviewers.raters} reviewers on ${s.betweenReviewers.items} turns labelled twice or more`
        : null,
      split: s.split ? `${s.split} ${s.split === 1 ? 'turn where reviewers split evenly is' : 'turns where reviewers split evenly are'} left out of κ above.` : null,
    };
  });
}
