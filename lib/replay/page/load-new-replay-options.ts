import 'server-only';
import { listConnections } from '../../connections/connection-store';
import { getDb } from '../../db/client';
import { OFFLINE_JUDGE_SCOPE } from '../../judge/offline/notice';
import { listBaselineRuns } from '../../db/queries/replays/list-baseline-runs';
import { runMetrics } from '../../metrics/run-metrics';
import { loadNewRunOptions, type NewRunOptions } from '../../runs/request/new-run-options';

/** A run of the dataset the form can compare with, and take its metrics and judge from. */
export interface ReplayBaselineRun {
  id: string;
  label: string;
  metrics: string[];
  judge: string;
  /** What the run's judge can and cannot see, for a run the offline judge scored. */
  judgeScope: string | null;
}

export interface NewReplayOptions {
  dataset: NewRunOptions['dataset'];
  /** The metrics on offer when no run is compared with, and the judges. */
  metrics: { name: string; conversations: number; custom: boolean; needsLlmJudge: boolean; preselected: boolean }[];
  judges: NewRunOptions['judges'];
  defaultJudge: string;
  judgeConfigError: string | null;
  /** Stored connections a target may use (their keys stay on the server). */
  connections: { name: string; models: string[] }[];
  /** Ended runs of the dataset, newest first (at most 50). */
  runs: ReplayBaselineRun[];
  /** The run the form was opened from ("Replay and compare"), preselected as compareWith. */
  compareWith: string | null;
}

/** The new-replay page's form: the dataset, its scored runs, metrics, judges and connections. NOT_FOUND for an unknown dataset. */
export async function loadNewReplayOptions(projectId: string, datasetId: string, runId: string | null, env: Record<string, string | undefined>): Promise<NewReplayOptions> {
  const db = getDb();
  const [options, connections, runs] = await Promise.all([loadNewRunOptions(db, projectId, datasetId, env), listConnections(db, projectId), listBaselineRuns(db, projectId, datasetId)]);
  return {
    dataset: options.dataset,
    metrics: options.metrics.map((m) => ({ name: m.name, conversations: m.conversations, custom: m.custom !== null, needsLlmJudge: m.needsLlmJudge, preselected: m.preselected })),
    judges: options.judges,
    defaultJudge: options.defaultJudge,
    judgeConfigError: options.judgeConfigError,
    connections: connections.map((c) => ({ name: c.name, models: c.models })),
    runs: runs.map((r) => ({
      id: r.id,
      label: `${r.modelVersion ?? 'no model version'} · ${r.createdAt.toISOString().replace('T', ' ').slice(0, 16)}`,
      metrics: runMetrics(r.metricSettings).map((m) => m.name),
      judge: r.judgeKind === 'offline' ? 'offline' : r.judgeModel,
      judgeScope: r.judgeKind === 'offline' ? OFFLINE_JUDGE_SCOPE : null,
    })),
    // A run of another dataset, or one still going, cannot be the baseline: the form opens without one.
    compareWith: runs.some((r) => r.id === runId) ? runId : null,
  };
}
