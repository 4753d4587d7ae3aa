import 'server-only';
import type { Db } from '../../db/db-types';
import { getDataset } from '../../db/queries/datasets/get-dataset';
import { getRun } from '../../db/queries/runs/get-run';
import { AppError } from '../../errors';
import { loadJudgesOnOffer } from '../../connections/judges-on-offer';
import type { JudgeInfo } from '../../judge/config';
import { listCustomMetrics } from '../../db/queries/custom-metrics/custom-metrics';
import { customMetricNeeds } from '../../metrics/g-eval/applies';
import type { MetricSelection } from '../../metrics/selected-metric';
import { notInDefaultSet, preselectMetric } from '../../metrics/default-set';
import { BUILT_IN_METRICS, isBuiltInMetric } from '../../metrics/registry';
import type { MetricDescriptor } from '../../metrics/shared/descriptor';
import { countApplicable } from '../aggregates/applicable-counts';
import { customOptionFields, metricOptionFields, type MetricOptionField } from './metric-option-fields';

export interface NewRunMetric {
  name: string;
  /** A custom metric's newest version, which a run started now uses; null for a built-in metric. */
  custom: { version: number; scope: 'conversation' | 'turn' } | null;
  /** Conversations of the dataset that have the data this metric needs. */
  conversations: number;
  /** What a conversation needs for the metric to apply. */
  needs: string;
  /** The offline judge cannot score it (the descriptor's needsLlmJudge): a run with it is refused. */
  needsLlmJudge: boolean;
  /** Offered checked: in the default set, applies here, and the preselected judge can score it (preselectMetric). */
  preselected: boolean;
  /** Why a built-in metric is not in the default set; null when it is (or for a custom metric). */
  notInDefaultSet: string | null;
  /** The option that stands in for the data conversations lack (one of `fields`); null when none does. */
  standInOption: string | null;
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
  /**
   * Scoring again the metrics of a run on this dataset (an imported run's, to compare its tool's
   * scores with a Turnwise judge's): its built-in metrics with the options it used. Null otherwise.
   */
  scoreAgain: ScoreAgain | null;
}

export interface ScoreAgain {
  runId: string;
  /** The tool whose scores the run holds; null for a run Turnwise scored. */
  origin: string | null;
  judge: string;
  modelVersion: string | null;
  /** The run's built-in metrics and the options it stored for them (threshold, strict mode, window size…). */
  metrics: Record<string, Record<string, unknown>>;
}

async function scoreAgainOf(db: Db, projectId: string, datasetId: string, runId: string): Promise<ScoreAgain> {
  const run = await getRun(db, projectId, runId);
  if (run.datasetId !== datasetId) throw new AppError('BAD_INPUT', `Run ${runId} scored another dataset`, { field: 'from' });
  const settings = (run.metricSettings ?? {}) as Record<string, Record<string, unknown>>;
  const metrics = Object.fromEntries(Object.entries(settings).filter(([name]) => isBuiltInMetric(name)));
  return { runId: run.id, origin: run.origin, judge: run.judgeModel, modelVersion: run.modelVersion, metrics };
}

/** What the new-run form needs for a dataset of a project: which metrics apply and the judges on offer. */
export async function loadNewRunOptions(db: Db, projectId: string, datasetId: string, env: Record<string, string | undefined>, fromRunId?: string): Promise<NewRunOptions> {
  const dataset = await getDataset(db, projectId, datasetId);
  const scoreAgain = fromRunId ? await scoreAgainOf(db, projectId, datasetId, fromRunId) : null;
  const custom = await listCustomMetrics(db, projectId);
  const customSelections: MetricSelection[] = custom.map((m) => ({ name: m.name, options: {}, custom: { version: m.version, definition: m.definition } }));
  const counts = await countApplicable(db, datasetId, customSelections);
  const { judges, defaultJudge, judgeConfigError, concurrency } = await loadJudgesOnOffer(db, projectId, env);
  const judgeKind = judges.find((j) => j.name === defaultJudge)?.kind ?? 'offline';
  const preselect = <M extends { name: string; custom: unknown; conversations: number }>(m: M) => ({ ...m, preselected: preselectMetric(m, judgeKind), notInDefaultSet: m.custom ? null : notInDefaultSet(m.name) });
  return {
    dataset: { id: dataset.id, name: dataset.name, conversationCount: dataset.conversationCount, modelVersion: dataset.modelVersion },
    metrics: [
      ...BUILT_IN_METRICS.map((descriptor) => ({
        name: descriptor.name,
        custom: null,
        conversations: counts.metrics[descriptor.name].items,
        needs: descriptor.needs,
        needsLlmJudge: (descriptor as MetricDescriptor).needsLlmJudge === true,
        standInOption: (descriptor as MetricDescriptor).standInOption ?? null,
        fields: metricOptionFields(descriptor.name),
      })).map(preselect),
      ...custom.map((m) => ({
        name: m.name,
        custom: { version: m.version, scope: m.scope },
        conversations: counts.metrics[m.name].items,
        needs: customMetricNeeds(m.definition),
        needsLlmJudge: false,
        standInOption: null,
        fields: customOptionFields(m.definition),
      })).map(preselect),
    ],
    judges,
    judgeConfigError,
    defaultJudge,
    defaultConcurrency: concurrency,
    scoreAgain,
  };
}
