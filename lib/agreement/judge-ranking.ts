import type { Db } from '../db/db-types';
import { listRuns } from '../db/queries/runs/list-runs';
import { isLiveRun } from '../domain/run-progress';
import { findModelPrice } from '../llm/prices';
import { sortMetricNames } from '../metrics/registry';
import { labelsFromOtherDatasets } from './labels-elsewhere';
import { runAgreement } from './run-agreement';

export interface JudgeRankingRow {
  runId: string;
  judge: string;
  modelVersion: string | null;
  createdAt: Date;
  costUsd: number;
  /** What the cost column says: free (offline judge), the cost, or unknown (a model with no known price). */
  cost: 'free' | 'priced' | 'unknown';
  judgeCalls: number;
  /** Per metric with labelled turns: κ against people and on how many turns. */
  kappas: Record<string, { kappa: number | null; n: number }>;
  /** Mean κ over the metrics it has one for; null when none. */
  meanKappa: number | null;
}

/**
 * The finished runs of one labelled dataset ranked by how far their judges (models and settings)
 * agree with people: mean κ over metrics, best first, then the cheaper one.
 */
export async function rankJudges(db: Db, projectId: string, datasetId: string): Promise<{ metrics: string[]; rows: JudgeRankingRow[] }> {
  const runs = (await listRuns(db, projectId, { datasetId, take: 50 })).filter((r) => !isLiveRun(r.status));
  // Reviews of this dataset's content given in other datasets: read once for all its runs.
  const elsewhere = await labelsFromOtherDatasets(db, projectId, datasetId);
  const rows: JudgeRankingRow[] = [];
  for (const run of runs) {
    const agreement = await runAgreement(db, projectId, run.id, elsewhere);
    const kappas = Object.fromEntries(Object.entries(agreement).map(([metric, a]) => [metric, { kappa: a.kappa, n: a.n }]));
    const known = Object.values(kappas).flatMap((k) => (k.kappa === null ? [] : [k.kappa]));
    rows.push({
      runId: run.id,
      judge: run.judgeKind === 'offline' ? 'offline heuristic' : run.judgeModel,
      modelVersion: run.modelVersion,
      createdAt: run.createdAt,
      costUsd: run.costUsd,
      cost: run.judgeKind === 'offline' ? 'free' : findModelPrice(run.judgeModel) ? 'priced' : 'unknown',
      judgeCalls: run.judgeCalls,
      kappas,
      meanKappa: known.length ? known.reduce((a, b) => a + b, 0) / known.length : null,
    });
  }
  rows.sort((a, b) => (b.meanKappa ?? -Infinity) - (a.meanKappa ?? -Infinity) || a.costUsd - b.costUsd);
  return { metrics: sortMetricNames(rows.flatMap((r) => Object.keys(r.kappas))), rows };
}
