import type { Db } from '../db/db-types';
import { insertScheduleRun, listScheduleRuns, listStartedReplays, listStartedRuns, updateScheduleRun } from '../db/queries/schedules/schedule-runs';
import type { ScheduleRow } from '../db/queries/schedules/schedules';
import { runAs } from '../identity/acting-principal';
import { redactSecrets } from '../redact-secrets';
import { startReplay } from '../replay';
import { enqueueRun } from '../runs';
import { parseScheduledRunRequest } from './check-schedule-request';
import { scheduleActor } from './schedule-actor';

type Env = Record<string, string | undefined>;

export type ScheduleTrigger = 'schedule' | 'missed' | 'manual';

export type StartOutcome =
  | { status: 'started'; scheduleRunId: string; replayId?: string; runId?: string; previousRunId: string | null }
  | { status: 'skipped' | 'failed'; scheduleRunId: string; error: string }
  /** Another worker recorded this due time's start first. */
  | { status: 'taken' };

/** Starts looked at to find the previous run and whether it is still going. */
const LOOK_BACK = 20;
const LIVE_RUN = new Set(['queued', 'running']);
const LIVE_REPLAY = new Set(['queued', 'running', 'finishing']);

/**
 * The schedule's last start that made something: the run it made (a replay's scoring run once
 * it exists; one deleted since does not count) and whether that start is still going (its
 * replay generating, or its run scoring).
 */
async function previousStart(db: Db, scheduleId: string): Promise<{ runId: string | null; going: boolean }> {
  const starts = (await listScheduleRuns(db, scheduleId, LOOK_BACK)).filter((s) => s.replayId || s.runId);
  const replays = await listStartedReplays(db, starts.flatMap((s) => (s.replayId ? [s.replayId] : [])));
  const runIdOf = (s: (typeof starts)[number]) => s.runId ?? (s.replayId ? (replays.get(s.replayId)?.runId ?? null) : null);
  const runs = await listStartedRuns(db, starts.flatMap((s) => (runIdOf(s) ? [runIdOf(s)!] : [])));
  const latest = starts[0];
  const latestRun = latest ? runs.get(runIdOf(latest) ?? '') : undefined;
  const going = latest ? (latest.replayId && LIVE_REPLAY.has(replays.get(latest.replayId)?.status ?? '')) || (latestRun !== undefined && LIVE_RUN.has(latestRun.status)) : false;
  const withRun = starts.find((s) => runs.has(runIdOf(s) ?? ''));
  return { runId: withRun ? runIdOf(withRun) : null, going: Boolean(going) };
}

/**
 * One start of a schedule, recorded with the run of its previous start (what it is compared
 * with), then made through the front doors as the one who saved the schedule: a replay (whose
 * scoring run follows when it ends) through lib/replay, or a run through lib/runs, each checked
 * as a new one is (egress policy, judge, the refusal of LLM-only metrics on the offline judge).
 * A start due while the previous one is still going is recorded as skipped (never piled up);
 * one asked for by hand starts all the same. A start that cannot be made is recorded with why.
 */
export async function startScheduleRun(db: Db, schedule: ScheduleRow, at: { dueAt: Date; trigger: ScheduleTrigger }, env: Env): Promise<StartOutcome> {
  const previous = await previousStart(db, schedule.id);
  const base = { scheduleId: schedule.id, dueAt: at.dueAt, trigger: at.trigger, previousRunId: previous.runId };
  if (previous.going && at.trigger !== 'manual') {
    const error = 'Skipped: the previous start was still going (a schedule never piles its starts up)';
    const row = await insertScheduleRun(db, { ...base, error });
    return row ? { status: 'skipped', scheduleRunId: row.id, error } : { status: 'taken' };
  }
  const row = await insertScheduleRun(db, base);
  if (!row) return { status: 'taken' };
  try {
    const actor = await scheduleActor(db, schedule, schedule.projectId);
    if (schedule.kind === 'replay') {
      const { id } = await runAs(actor, () => startReplay(db, schedule.projectId, schedule.request, actor, env));
      await updateScheduleRun(db, row.id, { replayId: id });
      return { status: 'started', scheduleRunId: row.id, replayId: id, previousRunId: previous.runId };
    }
    const request = parseScheduledRunRequest(schedule.request);
    const { runId } = await runAs(actor, () => enqueueRun(db, schedule.projectId, request, env));
    await updateScheduleRun(db, row.id, { runId });
    return { status: 'started', scheduleRunId: row.id, runId, previousRunId: previous.runId };
  } catch (thrown) {
    const error = redactSecrets((thrown as Error).message ?? String(thrown)).slice(0, 2000);
    await updateScheduleRun(db, row.id, { error });
    return { status: 'failed', scheduleRunId: row.id, error };
  }
}
