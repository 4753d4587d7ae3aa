import { agreementReports } from '../agreement/agreement-report';
import { agreementByMetric } from '../agreement/run-agreement';
import { FILE_REVIEWER, type LabelledVerdict } from '../db/queries/agreement/list-label-pairs';
import type { Conversation } from '../domain/conversation';
import type { MetricResult } from '../domain/metric-result';

export type LabelPair = Pick<LabelledVerdict, 'metric' | 'judge' | 'labels'>;

/** Adds a result's per-turn verdicts on turns the file labelled for its metric, beside the label, to `pairs`. */
export function addLabelPairs(pairs: LabelPair[], c: Conversation, r: MetricResult): void {
  for (const v of r.verdicts) {
    const human = c.turns[v.turn]?.labels?.[r.metric];
    if (human && (v.verdict === 'yes' || v.verdict === 'no')) pairs.push({ metric: r.metric, judge: v.verdict, labels: [{ reviewer: FILE_REVIEWER, verdict: human }] });
  }
}

/** The judge's agreement with the labels of those pairs; {} when there are none. */
export const agreementOf = (pairs: readonly LabelPair[]) => agreementReports(agreementByMetric(pairs));

const f = (x: number | null) => (x === null ? '–' : x.toFixed(2));

/** "Agreement with people (labelled turns)": a line per metric with κ, its interval and the rest. */
export function formatAgreement(report: ReturnType<typeof agreementOf>): string {
  const lines = Object.entries(report).map(
    ([metric, a]) =>
      `${metric}: ${a.n} turns, kappa ${f(a.kappa)} [${f(a.ciLow)}, ${f(a.ciHigh)}], balanced accuracy ${f(a.balancedAccuracy)}, ` +
      `precision ${f(a.precision)}, recall ${f(a.recall)} of failing turns; judge fail/people fail ${a.confusion.judgeNoHumanNo}, ` +
      `judge fail/people pass ${a.confusion.judgeNoHumanYes}, judge pass/people fail ${a.confusion.judgeYesHumanNo}, judge pass/people pass ${a.confusion.judgeYesHumanYes}`,
  );
  return lines.length ? `Agreement with people (labelled turns):\n${lines.map((l) => `  ${l}`).join('\n')}` : '';
}
