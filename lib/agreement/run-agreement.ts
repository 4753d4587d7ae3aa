import { listLabelPairs } from '../db/queries/agreement/list-label-pairs';
import type { Db } from '../db/queries/db-types';
import { sortMetricNames } from '../metrics/registry';
import { agreementStats, type AgreementStats, type LabelPair } from './agreement-stats';

/** Per metric with labelled turns, in the usual metric order: how far the run's judge agrees with people. */
export async function runAgreement(db: Db, runId: string): Promise<Record<string, AgreementStats>> {
  return agreementByMetric(await listLabelPairs(db, runId));
}

/** Pairs grouped by metric, each metric's agreement computed. */
export function agreementByMetric(pairs: readonly (LabelPair & { metric: string })[]): Record<string, AgreementStats> {
  const byMetric = new Map<string, LabelPair[]>();
  for (const p of pairs) {
    const list = byMetric.get(p.metric) ?? [];
    list.push({ judge: p.judge, human: p.human });
    byMetric.set(p.metric, list);
  }
  return Object.fromEntries(sortMetricNames(byMetric.keys()).map((metric) => [metric, agreementStats(byMetric.get(metric)!)]));
}
