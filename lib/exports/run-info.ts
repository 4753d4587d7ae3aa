import type { Db } from '../db/db-types';
import { getRun, type RunRow } from '../db/queries/runs/get-run';
import { OFFLINE_JUDGE_NOTICE } from '../judge/offline/notice';
import { parseRunSummary, type RunSummary } from '../domain/run-summary';
import { summarizeRunResults } from '../db/queries/results/summarize-run-results';
import { isLiveRun } from '../domain/run-progress';

/** What a script needs to know about a run: its state, progress and per-metric summary. */
export interface RunInfo {
  id: string;
  status: string;
  datasetId: string;
  datasetName: string;
  modelVersion: string | null;
  /** For a run another tool scored (deepeval…): that tool and the parameters it gave (deepeval's hyperparameters); absent for a run Turnwise scored. */
  imported?: { origin: string; parameters: unknown };
  /** `notice` says, for the offline judge, that its scores come from rules, not an LLM. */
  judge: { kind: string; name: string | null; model: string; notice?: string };
  /** The metrics scored and their options, as the run was started. */
  metrics: Record<string, unknown>;
  progress: { done: number; total: number; errors: number };
  /** Per metric: mean score and pass rate over the results that did not error. */
  summary: RunSummary;
  /** `ruleEvaluations` (offline judge only): the rule checks it ran, counted as `judgeCalls` are; it uses no tokens and costs nothing. */
  usage: { judgeCalls: number; judgeCallsSent: number; cacheHits: number; promptTokens: number; completionTokens: number; costUsd: number; ruleEvaluations?: number };
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * A run as the API and the JSON export describe it. A finished run's summary is the stored one;
 * a run in progress gets one computed from the results stored so far. Unknown id: NOT_FOUND.
 */
export async function loadRunInfo(db: Db, projectId: string, runId: string): Promise<RunInfo> {
  return runInfoOf(db, await getRun(db, projectId, runId));
}

/** A run row read with runSelect, described as loadRunInfo describes it (GET /api/v1/runs lists these too). */
export async function runInfoOf(db: Db, run: RunRow): Promise<RunInfo> {
  const summary = isLiveRun(run.status) || run.summary === null ? await summarizeRunResults(db, run.id) : parseRunSummary(run.summary);
  return {
    id: run.id,
    status: run.status,
    datasetId: run.datasetId,
    datasetName: run.dataset.name,
    modelVersion: run.modelVersion,
    ...(run.origin ? { imported: { origin: run.origin, parameters: run.parameters ?? null } } : {}),
    judge: { kind: run.judgeKind, name: run.judgeName, model: run.judgeModel, ...(run.judgeKind === 'offline' ? { notice: OFFLINE_JUDGE_NOTICE } : {}) },
    metrics: (run.metricSettings ?? {}) as Record<string, unknown>,
    progress: { done: run.doneItems, total: run.totalItems, errors: run.errorItems },
    summary,
    usage: {
      judgeCalls: run.judgeCalls,
      judgeCallsSent: run.judgeCallsSent,
      cacheHits: run.cacheHits,
      promptTokens: run.promptTokens,
      completionTokens: run.completionTokens,
      costUsd: run.costUsd,
      ...(run.judgeKind === 'offline' ? { ruleEvaluations: run.judgeCalls } : {}),
    },
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}
