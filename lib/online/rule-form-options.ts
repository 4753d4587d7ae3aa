import 'server-only';
import { loadJudgesOnOffer } from '../connections/judges-on-offer';
import { listCustomMetrics } from '../db/queries/custom-metrics/custom-metrics';
import type { Db } from '../db/db-types';
import { listLiveDatasets } from '../db/queries/online/online-rules';
import type { JudgeInfo } from '../judge/config';
import { BUILT_IN_METRICS } from '../metrics/registry';
import type { MetricDescriptor } from '../metrics/shared/descriptor';

export interface RuleFormOptions {
  liveDatasets: { datasetId: string; service: string; name: string }[];
  metrics: { name: string; custom: boolean; needsLlmJudge: boolean }[];
  /** Judges the server offers, without keys or URLs (as the new-run form lists them). */
  judges: JudgeInfo[];
  defaultJudge: string;
}

/** What the rule form offers: the live datasets, every metric, the judges. */
export async function loadRuleFormOptions(db: Db, projectId: string, env: Record<string, string | undefined>): Promise<RuleFormOptions> {
  const { judges, defaultJudge } = await loadJudgesOnOffer(db, projectId, env);
  const custom = await listCustomMetrics(db, projectId);
  return {
    liveDatasets: await listLiveDatasets(db, projectId),
    metrics: [
      ...BUILT_IN_METRICS.map((d) => ({ name: d.name as string, custom: false, needsLlmJudge: (d as MetricDescriptor).needsLlmJudge === true })),
      ...custom.map((m) => ({ name: m.name, custom: true, needsLlmJudge: false })),
    ],
    judges,
    defaultJudge,
  };
}
