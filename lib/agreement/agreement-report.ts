import type { AgreementStats } from './agreement-stats';
import type { MetricAgreement } from './run-agreement';

/** One metric's agreement as the API and the CLI's JSON give it: κ's interval in ciLow/ciHigh. */
export const agreementReport = (s: AgreementStats) => ({
  n: s.n,
  kappa: s.kappa,
  ciLow: s.intervals.kappa?.low ?? null,
  ciHigh: s.intervals.kappa?.high ?? null,
  balancedAccuracy: s.balancedAccuracy,
  balancedAccuracyCi: s.intervals.balancedAccuracy,
  precision: s.precision,
  precisionCi: s.intervals.precision,
  recall: s.recall,
  recallCi: s.intervals.recall,
  confusion: s.confusion,
});

export const agreementReports = (byMetric: Record<string, MetricAgreement>) =>
  Object.fromEntries(
    Object.entries(byMetric).map(([metric, s]) => [
      metric,
      {
        ...agreementReport(s),
        reviewers: Object.fromEntries(Object.entries(s.reviewers).map(([reviewer, r]) => [reviewer, agreementReport(r)])),
        betweenReviewers: s.betweenReviewers,
        split: s.split,
      },
    ]),
  );
