import { quantileSorted } from '../compare/bootstrap';
import { createRandom } from '../compare/random';

/** A judge's per-turn verdict beside a person's, on one turn and metric. */
export interface LabelPair {
  judge: 'yes' | 'no';
  human: 'yes' | 'no';
}

export interface Confusion {
  judgeNoHumanNo: number;
  judgeNoHumanYes: number;
  judgeYesHumanNo: number;
  judgeYesHumanYes: number;
}

export interface Interval {
  low: number;
  high: number;
}

/** How far the judge agrees with people on one metric; null where a figure is undefined (one class only). */
export interface AgreementStats {
  n: number;
  confusion: Confusion;
  /** Cohen's κ: agreement beyond what the two marginals give by chance. */
  kappa: number | null;
  /** Mean of the judge's recall of failing turns and of passing turns. */
  balancedAccuracy: number | null;
  /** Of the turns the judge failed, the share people failed too. */
  precision: number | null;
  /** Of the turns people failed, the share the judge failed too. */
  recall: number | null;
  /** 95% percentile bootstrap intervals over turns (seeded); null when the figure is undefined. */
  intervals: { kappa: Interval | null; balancedAccuracy: Interval | null; precision: Interval | null; recall: Interval | null };
}

export function confusionOf(pairs: readonly LabelPair[]): Confusion {
  const c: Confusion = { judgeNoHumanNo: 0, judgeNoHumanYes: 0, judgeYesHumanNo: 0, judgeYesHumanYes: 0 };
  for (const p of pairs) {
    const cell = p.judge === 'no' ? (p.human === 'no' ? 'judgeNoHumanNo' : 'judgeNoHumanYes') : p.human === 'no' ? 'judgeYesHumanNo' : 'judgeYesHumanYes';
    c[cell]++;
  }
  return c;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

function figures(c: Confusion): Pick<AgreementStats, 'kappa' | 'balancedAccuracy' | 'precision' | 'recall'> {
  const n = c.judgeNoHumanNo + c.judgeNoHumanYes + c.judgeYesHumanNo + c.judgeYesHumanYes;
  const judgeNo = c.judgeNoHumanNo + c.judgeNoHumanYes;
  const humanNo = c.judgeNoHumanNo + c.judgeYesHumanNo;
  const humanYes = n - humanNo;
  const observed = ratio(c.judgeNoHumanNo + c.judgeYesHumanYes, n);
  const chance = n === 0 ? null : (judgeNo * humanNo + (n - judgeNo) * humanYes) / (n * n);
  const kappa = observed === null || chance === null || chance === 1 ? null : (observed - chance) / (1 - chance);
  const recall = ratio(c.judgeNoHumanNo, humanNo);
  const specificity = ratio(c.judgeYesHumanYes, humanYes);
  return {
    kappa,
    balancedAccuracy: recall === null || specificity === null ? null : (recall + specificity) / 2,
    precision: ratio(c.judgeNoHumanNo, judgeNo),
    recall,
  };
}

const CELLS = ['judgeNoHumanNo', 'judgeNoHumanYes', 'judgeYesHumanNo', 'judgeYesHumanYes'] as const;

/**
 * Cohen's κ, balanced accuracy, and precision and recall of the failing verdict ("no" is the
 * positive class: a failed turn is what a judge is there to find), with 95% intervals from
 * `resamples` bootstrap resamples of the labelled turns.
 */
export function agreementStats(pairs: readonly LabelPair[], options: { resamples?: number; seed?: number } = {}): AgreementStats {
  const confusion = confusionOf(pairs);
  const point = figures(confusion);
  const resamples = options.resamples ?? 2000;
  const random = createRandom(options.seed ?? 20261124);
  const n = pairs.length;
  const cellOf = pairs.map((p) => (p.judge === 'no' ? (p.human === 'no' ? 0 : 1) : p.human === 'no' ? 2 : 3));
  const draws: Record<keyof typeof point, number[]> = { kappa: [], balancedAccuracy: [], precision: [], recall: [] };
  for (let r = 0; r < resamples && n > 0; r++) {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) counts[cellOf[Math.floor(random.next() * n)]]++;
    const f = figures(Object.fromEntries(CELLS.map((cell, i) => [cell, counts[i]])) as unknown as Confusion);
    for (const key of Object.keys(draws) as (keyof typeof point)[]) if (f[key] !== null) draws[key].push(f[key]!);
  }
  const interval = (key: keyof typeof point): Interval | null => {
    // A resample where the figure is undefined (one class only) is left out; too few left, no interval.
    if (point[key] === null || draws[key].length < resamples / 2) return null;
    const sorted = draws[key].sort((a, b) => a - b);
    return { low: quantileSorted(sorted, 0.025), high: quantileSorted(sorted, 0.975) };
  };
  return {
    n,
    confusion,
    ...point,
    intervals: { kappa: interval('kappa'), balancedAccuracy: interval('balancedAccuracy'), precision: interval('precision'), recall: interval('recall') },
  };
}

/** How far people agree with each other on the turns two or more of them labelled: the ceiling a judge can reach. */
export interface RaterAgreement {
  /** Turns (for one metric) with two or more labels. */
  items: number;
  raters: number;
  method: 'cohen' | 'fleiss';
  kappa: number | null;
}

/**
 * Agreement between reviewers: Cohen's κ when two people labelled, Fleiss' κ (with items rated by
 * different numbers of people, Fleiss 1971's per-item agreement) when more did. Null without any
 * turn labelled twice.
 */
export function raterAgreement(items: readonly { reviewer: string; verdict: 'yes' | 'no' }[][]): RaterAgreement | null {
  const shared = items.filter((labels) => new Set(labels.map((l) => l.reviewer)).size >= 2);
  if (shared.length === 0) return null;
  const raters = [...new Set(shared.flatMap((labels) => labels.map((l) => l.reviewer)))];
  if (raters.length === 2) {
    const pairs = shared.map((labels) => ({
      judge: labels.find((l) => l.reviewer === raters[0])!.verdict,
      human: labels.find((l) => l.reviewer === raters[1])!.verdict,
    }));
    return { items: shared.length, raters: 2, method: 'cohen', kappa: figures(confusionOf(pairs)).kappa };
  }
  let agreementSum = 0;
  let yes = 0;
  let total = 0;
  for (const labels of shared) {
    const n = labels.length;
    const y = labels.filter((l) => l.verdict === 'yes').length;
    agreementSum += (y * y + (n - y) * (n - y) - n) / (n * (n - 1));
    yes += y;
    total += n;
  }
  const observed = agreementSum / shared.length;
  const p = yes / total;
  const chance = p * p + (1 - p) * (1 - p);
  return { items: shared.length, raters: raters.length, method: 'fleiss', kappa: chance === 1 ? null : (observed - chance) / (1 - chance) };
}
