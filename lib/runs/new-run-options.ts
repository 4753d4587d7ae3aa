import 'server-only';
import type { Db } from '../db/queries/db-types';
import { getDataset } from '../db/queries/datasets/get-dataset';
import { loadJudgeConfigWithConnections } from '../connections/judge-config-with-connections';
import { isAppError } from '../errors';
import { listJudges, loadJudgeConfig, type JudgeInfo } from '../judge/config';
import { METRIC_NAMES, type MetricName } from '../metrics/types';
import { countApplicable } from './applicable-counts';
import { metricOptionFields, type MetricOptionField } from './metric-option-fields';

export interface NewRunMetric {
  name: MetricName;
  /** Conversations of the dataset that have the data this metric needs. */
  conversations: number;
  fields: MetricOptionField[];
}

export interface NewRunOptions {
  dataset: { id: string; name: string; conversationCount: number; modelVersion: string | null };
  metrics: NewRunMetric[];
  /** Judges the server offers, without keys or URLs. */
  judges: JudgeInfo[];
  /** Why only the offline judge is offered, when the judge configuration is broken. */
  judgeConfigError: string | null;
  defaultJudge: string;
  defaultConcurrency: number;
}

/** What the new-run form needs for a dataset: which metrics apply and the judges on offer. */
export async function loadNewRunOptions(db: Db, datasetId: string, env: Record<string, string | undefined>): Promise<NewRunOptions> {
  const dataset = await getDataset(db, datasetId);
  const counts = await countApplicable(db, datasetId);
  let judges: JudgeInfo[];
  let judgeConfigError: string | null = null;
  let concurrency = 8;
  try {
    const config = await loadJudgeConfigWithConnections(db, env);
    judges = listJudges(config);
    concurrency = config.concurrency;
  } catch (error) {
    if (!isAppError(error)) throw error;
    judgeConfigError = error.message;
    judges = listJudges(loadJudgeConfig({}));
    judges = judges.filter((j) => j.kind === 'offline');
  }
  const usable = judges.find((j) => j.kind === 'openai' && j.available);
  return {
    dataset: { id: dataset.id, name: dataset.name, conversationCount: dataset.conversationCount, modelVersion: dataset.modelVersion },
    metrics: METRIC_NAMES.map((name) => ({
      name,
      conversations: counts.metrics[name].items,
      fields: metricOptionFields(name),
    })),
    judges,
    judgeConfigError,
    defaultJudge: usable?.name ?? 'offline',
    defaultConcurrency: concurrency,
  };
}
