import type { Db } from '../../db-types';
import { isUniqueViolation } from '../../unique-violation';

export interface ScheduleRunStart {
  scheduleId: string;
  dueAt: Date;
  trigger: 'schedule' | 'missed' | 'manual';
  previousRunId: string | null;
  /** Set when the start is recorded without starting anything (it was skipped). */
  error?: string;
}

/** Records a start of a schedule; null when one is recorded for that due time already (the unique key is a second guard behind the claim). */
export async function insertScheduleRun(db: Db, start: ScheduleRunStart): Promise<{ id: string } | null> {
  try {
    return await db.scheduleRun.create({ data: { ...start, error: start.error ?? null }, select: { id: true } });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** What the start made (a replay, a run) or why it made nothing. */
export async function updateScheduleRun(db: Db, id: string, data: { replayId?: string; runId?: string; error?: string }): Promise<void> {
  await db.scheduleRun.update({ where: { id }, data });
}

export interface StoredScheduleRun {
  id: string;
  dueAt: Date;
  trigger: string;
  replayId: string | null;
  runId: string | null;
  previousRunId: string | null;
  error: string | null;
  createdAt: Date;
}

/** A schedule's starts, newest first. */
export async function listScheduleRuns(db: Db, scheduleId: string, take: number): Promise<StoredScheduleRun[]> {
  return db.scheduleRun.findMany({
    where: { scheduleId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: { id: true, dueAt: true, trigger: true, replayId: true, runId: true, previousRunId: true, error: true, createdAt: true },
  });
}

/** The newest start of each schedule, by schedule id. */
export async function listLatestScheduleRuns(db: Db, scheduleIds: string[]): Promise<Map<string, StoredScheduleRun>> {
  const out = new Map<string, StoredScheduleRun>();
  for (const scheduleId of scheduleIds) {
    const [latest] = await listScheduleRuns(db, scheduleId, 1);
    if (latest) out.set(scheduleId, latest);
  }
  return out;
}

export interface StartedReplay {
  id: string;
  status: string;
  runId: string | null;
  datasetId: string | null;
  error: string | null;
}

export interface StartedRun {
  id: string;
  status: string;
  datasetId: string;
  modelVersion: string | null;
  summary: unknown;
  doneItems: number;
  totalItems: number;
  finishedAt: Date | null;
}

// across projects: ids a project's schedule runs recorded (a dataset moved since takes its runs along).
/** The replays schedules started, by id (one deleted since is absent). */
export async function listStartedReplays(db: Db, ids: string[]): Promise<Map<string, StartedReplay>> {
  if (!ids.length) return new Map();
  const rows = await db.replay.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, runId: true, datasetId: true, error: true } });
  return new Map(rows.map((r) => [r.id, r]));
}

// across projects: ids a project's schedule runs recorded.
/** The runs schedules started (or their replays did), by id (one deleted since is absent). */
export async function listStartedRuns(db: Db, ids: string[]): Promise<Map<string, StartedRun>> {
  if (!ids.length) return new Map();
  const rows = await db.run.findMany({
    where: { id: { in: ids } },
    select: { id: true, status: true, datasetId: true, modelVersion: true, summary: true, doneItems: true, totalItems: true, finishedAt: true },
  });
  return new Map(rows.map((r) => [r.id, r]));
}
