import 'server-only';
import type { Db } from '../../db/db-types';
import { getDataset } from '../../db/queries/datasets/get-dataset';
import { loadJudgesOnOffer } from '../../connections/judges-on-offer';
import type { JudgeInfo } from '../../judge/config';
import { listCustomMetrics } from '../../db/queries/custom-metrics/custom-metrics';
import { customMetricNeeds } from '../../metrics/g-eval/applies';
import type { MetricSelection } from '../../metrics/selected-metric';
import { notInDefaultSet, preselectMetric } from '../../metrics/default-set';
import { BUILT_IN_METRICS } from '../../metrics/registry';
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
}

/** What the new-run form needs for a dataset: which metrics apply and the judges on offer. */
export async function loadNewRunOptions(db: Db, datasetId: string, env: Record<string, string | undefined>): Promise<NewRunOptions> {
  const dataset = await getDataset(db, datasetId);
  const custom = await listCustomMetrics(db);
  const customSelections: MetricSelection[] = custom.map((m) => ({ name: m.name, options: {}, custom: { version: m.version, definition: m.definition } }));
  const counts = await countApplicable(db, datasetId, customSelections);
  const { judges, defaultJudge, judgeConfigError, concurrency } = await loadJudgesOnOffer(db, env);
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
  };
}
