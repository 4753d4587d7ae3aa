import type { Db } from '../db/db-types';
import { listDatasetFamily, type FamilyDataset } from '../db/queries/compare/list-dataset-family';
import { listRunVectorStats } from '../db/queries/compare/list-run-vector-stats';
import { listTrendRuns, type TrendRunRow } from '../db/queries/compare/list-trend-runs';
import { parseRunSummary } from '../domain/run-summary';
import { getRunVector } from './get-run-vector';
import { metricThreshold } from './metric-threshold';
import { runMetrics } from '../metrics/run-metrics';
import { sortMetrics } from './run-vector';

export interface TrendValue {
  mean: number | null;
  /** Bootstrap 95% interval of the run's mean; null while it is not computed yet. */
  low: number | null;
  high: number | null;
  threshold: number;
  scored: number;
  /** The version of a custom metric the run used; null for a built-in metric. */
  version: number | null;
}

export interface TrendSource {
  dataset: FamilyDataset;
  related: FamilyDataset[];
  /** `judge` names the judge that scored the run ("offline", "lab · gpt-4.1"): runs of different judges are not one series. */
  runs: (Pick<TrendRunRow, 'id' | 'datasetId' | 'datasetName' | 'modelVersion' | 'createdAt'> & { judge: string })[];
  metrics: string[];
  /** values[metric][i] belongs to runs[i]; null when that run has no such metric. */
  values: Record<string, (TrendValue | null)[]>;
  /** Runs whose intervals are still being computed (their bands are gaps for now). */
  pendingIntervals: number;
}

export const TREND_RUNS = 50;
/** How long a page view may spend computing missing run vectors before it answers without them. */
const VECTOR_BUDGET_MS = 1500;

let backlog: Promise<void> = Promise.resolve();

/**
 * Computes the missing run vectors (their mean intervals) within a time budget; the rest go
 * on in the background, one at a time, so a later view has them.
 */
async function fillIntervals(db: Db, missing: TrendRunRow[]): Promise<void> {
  const started = Date.now();
  let i = 0;
  for (; i < missing.length && Date.now() - started < VECTOR_BUDGET_MS; i++) await getRunVector(db, missing[i]);
  const rest = missing.slice(i);
  if (rest.length) {
    backlog = backlog.then(async () => {
      for (const run of rest) await getRunVector(db, run).catch(() => undefined);
    });
  }
}

/** Each metric's mean over the runs of a dataset and of the datasets sharing its conversations. */
export async function loadTrend(db: Db, projectId: string, datasetId: string, options: { take?: number; intervals?: boolean } = {}): Promise<TrendSource> {
  const { dataset, related } = await listDatasetFamily(db, projectId, datasetId);
  const runs = await listTrendRuns(db, projectId, [dataset.id, ...related.map((d) => d.id)], options.take ?? TREND_RUNS);
  let stats = options.intervals === false ? new Map() : await listRunVectorStats(db, runs.map((r) => r.id));
  let pendingIntervals = 0;
  if (options.intervals !== false) {
    const fresh = (r: TrendRunRow) => {
      const s = stats.get(r.id);
      return s && r.finishedAt && s.runFinishedAt.getTime() === r.finishedAt.getTime();
    };
    const missing = runs.filter((r) => !fresh(r));
    if (missing.length) {
      await fillIntervals(db, missing);
      stats = await listRunVectorStats(db, runs.map((r) => r.id));
      pendingIntervals = runs.filter((r) => !fresh(r)).length;
    }
  }
  const summaries = runs.map((r) => parseRunSummary(r.summary));
  const metrics = sortMetrics(summaries.flatMap((s) => Object.keys(s)));
  const values: Record<string, (TrendValue | null)[]> = {};
  for (const metric of metrics) {
    values[metric] = runs.map((run, i) => {
      const summary = summaries[i][metric];
      if (!summary) return null;
      const s = stats.get(run.id)?.stats[metric];
      return {
        mean: s?.mean ?? summary.mean,
        low: s?.low ?? null,
        high: s?.high ?? null,
        threshold: metricThreshold(run.metricSettings, metric),
        scored: s?.scored ?? summary.count - summary.errors,
        version: runMetrics(run.metricSettings).find((m) => m.name === metric)?.version ?? null,
      };
    });
  }
  return {
    dataset,
    related,
    runs: runs.map(({ id, datasetId: d, datasetName, modelVersion, createdAt, judgeKind, judgeName, judgeModel }) => ({
      id,
      datasetId: d,
      datasetName,
      modelVersion,
      createdAt,
      judge: judgeKind === 'offline' ? 'offline' : `${judgeName ?? 'openai'} · ${judgeModel}`,
    })),
    metrics,
    values,
    pendingIntervals,
  };
}
