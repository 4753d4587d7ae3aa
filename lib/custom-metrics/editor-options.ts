import 'server-only';
import { loadJudgesOnOffer } from '../connections/judges-on-offer';
import { listDatasets } from '../db/queries/datasets/list-datasets';
import type { Db } from '../db/db-types';
import type { JudgeInfo } from '../judge/config';
import { FIELD_LABELS, G_EVAL_FIELDS, type GEvalDefinition } from '../metrics/g-eval/definition';

export interface MetricEditorOptions {
  /** The version being edited (its values fill the form); null for a new metric. */
  current: { version: number; definition: GEvalDefinition; stepsWritten: boolean } | null;
  /** Fields the judge may be shown besides each turn's content and role. */
  fields: { key: string; label: string }[];
  judges: JudgeInfo[];
  defaultJudge: string;
  datasets: { id: string; name: string; conversationCount: number }[];
}

/** What the metric editor needs: the judges on offer and the datasets to try a definition on. */
export async function loadMetricEditorOptions(db: Db, projectId: string, env: Record<string, string | undefined>, current: MetricEditorOptions['current']): Promise<MetricEditorOptions> {
  const { judges, defaultJudge } = await loadJudgesOnOffer(db, projectId, env);
  const datasets = await listDatasets(db, projectId);
  return {
    current,
    fields: G_EVAL_FIELDS.filter((f) => f !== 'content' && f !== 'role').map((key) => ({ key, label: FIELD_LABELS[key] })),
    judges,
    defaultJudge,
    datasets: datasets.map((d) => ({ id: d.id, name: d.name, conversationCount: d.conversationCount })),
  };
}
