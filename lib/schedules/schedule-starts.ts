import type { Db } from '../db/db-types';
import { listScheduleRuns, listStartedReplays, listStartedRuns, type StartedRun } from '../db/queries/schedules/schedule-runs';
import { parseRunSummary } from '../domain/run-summary';

/** A run as a schedule's page shows it; 'gone' once deleted (retention, or by hand). */
export type StartRun = { id: string; status: string; modelVersion: string | null } | 'gone';

export interface MetricChange {
  metric: string;
  mean: number | null;
  previousMean: number | null;
  passRate: number | null;
  previousPassRate: number | null;
}

export interface ScheduleStartView {
  id: string;
  dueAt: Date;
  trigger: string;
  createdAt: Date;
  error: string | null;
  replay: { id: string; status: string } | 'gone' | null;
  run: StartRun | null;
  previous: StartRun | null;
  /** The compare page with the previous start's run as baseline, once both runs exist. */
  compareHref: string | null;
  /** Each metric's mean and pass rate beside the previous run's, once both ended. */
  changes: MetricChange[];
}

const ENDED = new Set(['completed', 'completed_with_errors', 'failed', 'cancelled']);

const shown = (id: string | null, runs: Map<string, StartedRun>): StartRun | null => {
  if (!id) return null;
  const run = runs.get(id);
  return run ? { id, status: run.status, modelVersion: run.modelVersion } : 'gone';
};

function changesOf(run: StartedRun | undefined, previous: StartedRun | undefined): MetricChange[] {
  if (!run || !previous || !ENDED.has(run.status) || !ENDED.has(previous.status)) return [];
  const now = parseRunSummary(run.summary);
  const before = parseRunSummary(previous.summary);
  return Object.keys(now).map((metric) => ({
    metric,
    mean: now[metric].mean,
    previousMean: before[metric]?.mean ?? null,
    passRate: now[metric].passRate,
    previousPassRate: before[metric]?.passRate ?? null,
  }));
}

/**
 * A schedule's starts, newest first, with what each made (a replay's run read through the
 * replay), the run of the start before it that it is compared with, the link to that
 * comparison, and each metric's numbers beside the previous run's.
 */
export async function listScheduleStarts(db: Db, scheduleId: string, take = 50): Promise<ScheduleStartView[]> {
  const starts = await listScheduleRuns(db, scheduleId, take);
  const replays = await listStartedReplays(db, starts.flatMap((s) => (s.replayId ? [s.replayId] : [])));
  const runIdOf = (s: (typeof starts)[number]) => s.runId ?? (s.replayId ? (replays.get(s.replayId)?.runId ?? null) : null);
  const runs = await listStartedRuns(db, [...new Set(starts.flatMap((s) => [runIdOf(s), s.previousRunId].filter((id): id is string => Boolean(id))))]);
  return starts.map((s) => {
    const runId = runIdOf(s);
    const replay = s.replayId ? replays.get(s.replayId) : undefined;
    const both = runId && s.previousRunId && runs.has(runId) && runs.has(s.previousRunId);
    return {
      id: s.id,
      dueAt: s.dueAt,
      trigger: s.trigger,
      createdAt: s.createdAt,
      error: s.error ?? (replay?.error && !runId ? replay.error : null),
      replay: s.replayId ? (replay ? { id: replay.id, status: replay.status } : 'gone') : null,
      run: shown(runId, runs),
      previous: shown(s.previousRunId, runs),
      compareHref: both ? `/compare?baseline=${encodeURIComponent(s.previousRunId!)}&candidate=${encodeURIComponent(runId)}` : null,
      changes: runId && s.previousRunId ? changesOf(runs.get(runId), runs.get(s.previousRunId)) : [],
    };
  });
}
