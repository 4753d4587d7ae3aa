import { listLabelledVerdicts, type ExtraLabel, type LabelledVerdict } from '../db/queries/agreement/list-label-pairs';
import { getRunDatasetId } from '../db/queries/runs/get-run-dataset-id';
import type { Db } from '../db/db-types';
import { sortMetricNames } from '../metrics/registry';
import { labelsFromOtherDatasets } from './labels-elsewhere';
import { agreementStats, raterAgreement, type AgreementStats, type LabelPair, type RaterAgreement } from './agreement-stats';

export interface MetricAgreement extends AgreementStats {
  /** The judge against each reviewer (the dataset file's labels count as one). */
  reviewers: Record<string, AgreementStats>;
  betweenReviewers: RaterAgreement | null;
  /** Labelled turns left out of the pooled figures because people split evenly on them. */
  split: number;
}

/**
 * Per metric with labelled turns, in the usual metric order: how far the run's judge agrees with
 * people. `elsewhere`: reviews of the same content in other datasets, when the caller has them for
 * the run's dataset already (several runs of one dataset read them once).
 */
export async function runAgreement(db: Db, projectId: string, runId: string, elsewhere?: readonly ExtraLabel[]): Promise<Record<string, MetricAgreement>> {
  const datasetId = await getRunDatasetId(db, projectId, runId);
  return agreementByMetric(await listLabelledVerdicts(db, projectId, runId, elsewhere ?? labelsFromOtherDatasets(db, projectId, datasetId), datasetId));
}

/** People's verdict on a turn: the majority of its labels; a tie is no verdict. */
function majority(labels: LabelledVerdict['labels']): 'yes' | 'no' | null {
  const yes = labels.filter((l) => l.verdict === 'yes').length;
  return yes * 2 > labels.length ? 'yes' : yes * 2 < labels.length ? 'no' : null;
}

/** Labelled verdicts grouped by metric: the judge against people's majority, against each reviewer, and reviewers among themselves. */
export function agreementByMetric(rows: readonly Pick<LabelledVerdict, 'metric' | 'judge' | 'labels'>[]): Record<string, MetricAgreement> {
  const byMetric = new Map<string, Pick<LabelledVerdict, 'judge' | 'labels'>[]>();
  for (const row of rows) byMetric.set(row.metric, [...(byMetric.get(row.metric) ?? []), row]);
  return Object.fromEntries(
    sortMetricNames(byMetric.keys()).map((metric) => {
      const items = byMetric.get(metric)!;
      const pooled = items.flatMap((i): LabelPair[] => {
        const human = majority(i.labels);
        return human ? [{ judge: i.judge, human }] : [];
      });
      const perReviewer = new Map<string, LabelPair[]>();
      for (const i of items) for (const l of i.labels) perReviewer.set(l.reviewer, [...(perReviewer.get(l.reviewer) ?? []), { judge: i.judge, human: l.verdict }]);
      const reviewers = Object.fromEntries([...perReviewer.keys()].sort().map((r) => [r, agreementStats(perReviewer.get(r)!)]));
      const split = items.length - pooled.length;
      return [metric, { ...agreementStats(pooled), reviewers, betweenReviewers: raterAgreement(items.map((i) => i.labels)), split }];
    }),
  );
}
