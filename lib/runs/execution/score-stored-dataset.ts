import type { Db } from '../../db/db-types';
import { listConversationIds } from '../../db/queries/datasets/count-conversations';
import { createRun } from '../../db/queries/runs/create-run';
import { renewRunLease } from '../../db/queries/runs/renew-run-lease';
import type { Judge } from '../../judge/types';
import type { Conversation } from '../../domain/conversation';
import type { MetricResult } from '../../domain/metric-result';
import { countItems, evaluateConversations, type EvaluationItem } from './evaluate-conversations';
import { type MetricSelection, storedSettingsOf } from '../../metrics/selected-metric';
import { failRun, finishRun, recordResult, type FinalRunStatus } from '../lifecycle';
import { newWorkerId } from '../../jobs/worker-identity';

const LEASE_MS = 30_000;

export interface ScoreDatasetInput {
  /** The dataset, stored by the caller (lib/imports' saveDataset), with its conversations in their stored order. */
  dataset: { id: string; projectId: string; modelVersion?: string; conversations: Conversation[] };
  metrics: MetricSelection[];
  judge: Judge;
  judgeName: string | null;
  concurrency: number;
  /** Told of each result once it is stored. */
  onResult?: (item: EvaluationItem, result: MetricResult) => void;
  /** false: results are not kept for the return value (results is then empty), as a caller of onResult needs. */
  retain?: boolean;
}

export interface RecordedEvaluation {
  datasetId: string;
  runId: string;
  status: FinalRunStatus;
  results: (MetricResult | null)[][];
}

/**
 * Scores a stored dataset and stores the run: each result is written as soon as it is done,
 * and the run is closed with its summary (or marked failed with the error).
 */
export async function scoreStoredDataset(db: Db, input: ScoreDatasetInput): Promise<RecordedEvaluation> {
  const { conversations } = input.dataset;
  const dataset = input.dataset;
  const rows = await listConversationIds(db, dataset.id);
  const workerId = newWorkerId();
  const run = await createRun(db, {
    projectId: dataset.projectId,
    datasetId: dataset.id,
    modelVersion: input.dataset.modelVersion,
    judgeKind: input.judge.kind,
    judgeName: input.judgeName,
    judgeModel: input.judge.model,
    metricSettings: Object.fromEntries(input.metrics.map((m) => [m.name, storedSettingsOf(m)])),
    concurrency: input.concurrency,
    totalItems: countItems(conversations, input.metrics),
    status: 'running',
    // Held like a worker's run, so the dashboard's worker on the same database leaves it alone
    // while this process scores it, and resumes it if this process dies.
    lease: { workerId, leaseUntil: new Date(Date.now() + LEASE_MS) },
  });
  const renewal = setInterval(() => void renewRunLease(db, run.id, workerId, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
  try {
    const results = await evaluateConversations({
      conversations,
      metrics: input.metrics,
      judge: input.judge,
      concurrency: input.concurrency,
      retain: input.retain,
      onResult: async (item, result) => {
        await recordResult(db, run.id, rows[item.conversation].id, result);
        input.onResult?.(item, result);
      },
    });
    const { status } = await finishRun(db, run.id);
    return { datasetId: dataset.id, runId: run.id, status, results };
  } catch (e) {
    await failRun(db, run.id, (e as Error).message);
    throw e;
  } finally {
    clearInterval(renewal);
  }
}
