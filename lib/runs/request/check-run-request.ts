import type { Db } from '../../db/db-types';
import { getDataset } from '../../db/queries/datasets/get-dataset';
import { AppError } from '../../errors';
import { loadJudgeConfigWithConnections } from '../../connections/judge-config-with-connections';
import { resolveRunJudge, type RunJudge } from '../../connections/judge-selection';
import { refuseLlmOnlyMetricsOnOffline } from '../../metrics/needs-llm-judge';
import { countApplicable, itemsOf, type ApplicableCounts } from '../aggregates/applicable-counts';
import { resolveMetrics } from './resolve-metrics';
import type { RunRequest } from './run-request';

export interface CheckedRunRequest {
  judge: RunJudge;
  dataset: Awaited<ReturnType<typeof getDataset>>;
  metrics: Awaited<ReturnType<typeof resolveMetrics>>;
  counts: ApplicableCounts;
  totalItems: number;
}

/**
 * Everything a new run is refused for, checked before anything is stored: the judge is
 * configured, the dataset exists, the metrics resolve, none needs an LLM judge the run does not
 * have (the one sentence of lib/metrics/llm-judge-refusal.ts), and one applies to a conversation.
 * What a run is made from (enqueueRun), and what a schedule is saved after.
 */
export async function checkRunRequest(db: Db, projectId: string, request: RunRequest, env: Record<string, string | undefined>): Promise<CheckedRunRequest> {
  const judge = resolveRunJudge(request.judge, await loadJudgeConfigWithConnections(db, projectId, env));
  const dataset = await getDataset(db, projectId, request.datasetId);
  const metrics = await resolveMetrics(db, projectId, request.metrics);
  refuseLlmOnlyMetricsOnOffline(judge.judgeKind, metrics);
  const counts = await countApplicable(db, dataset.id, metrics, { backFill: true });
  const totalItems = itemsOf(counts, metrics);
  if (totalItems === 0) {
    throw new AppError('BAD_INPUT', 'None of the selected metrics applies to any conversation of this dataset', { field: 'metrics' });
  }
  return { judge, dataset, metrics, counts, totalItems };
}
