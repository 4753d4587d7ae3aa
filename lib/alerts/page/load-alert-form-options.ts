import 'server-only';
import type { Db } from '../../db/db-types';
import { getDb } from '../../db/client';
import { listAlertableDatasets, listBaselineCandidates } from '../../db/queries/alerts/alert-facts';
import { listCustomMetrics } from '../../db/queries/custom-metrics/custom-metrics';
import { listOnlineRules } from '../../db/queries/online/online-rules';
import { METRIC_NAMES } from '../../metrics/registry';
import { backgroundUrlWarning } from '../../http/public-url';

export interface AlertFormOptions {
  datasets: { id: string; name: string }[];
  onlineRules: { id: string; name: string; metrics: string[]; hasCap: boolean }[];
  /** Built-in metrics, then custom ones. */
  metrics: string[];
  baselineRuns: { id: string; datasetId: string; label: string }[];
  /** Why links in alerts may not open for the people alerted, or null. */
  linkWarning: string | null;
}

export async function loadAlertFormOptions(projectId: string, db: Db = getDb()): Promise<AlertFormOptions> {
  const [datasets, online, custom, runs] = await Promise.all([listAlertableDatasets(db, projectId), listOnlineRules(db, projectId), listCustomMetrics(db, projectId), listBaselineCandidates(db, projectId)]);
  return {
    datasets,
    onlineRules: online.map((r) => ({ id: r.id, name: r.name, metrics: r.metrics.map((m) => m.name), hasCap: r.dailyCapUsd !== null || r.dailyCapCalls !== null || r.dailyCapTokens !== null })),
    metrics: [...METRIC_NAMES, ...custom.map((m) => m.name).filter((name) => !(METRIC_NAMES as readonly string[]).includes(name))],
    baselineRuns: runs,
    linkWarning: backgroundUrlWarning(process.env),
  };
}
