import type { Db } from '../db/db-types';
import { claimScheduleDue, listDueSchedules, type ScheduleRow } from '../db/queries/schedules/schedules';
import { nextTime, serverTimeZone } from './cron';
import { startScheduleRun, type StartOutcome } from './start-schedule-run';

type Env = Record<string, string | undefined>;

/** A start later than this after its due time was missed (no worker ran then): it says so. */
export const MISSED_AFTER_MS = 5 * 60_000;

export interface DueStart {
  scheduleId: string;
  dueAt: Date;
  outcome: StartOutcome;
}

/**
 * Starts every schedule that is due at `now`, each once: its start is claimed by moving its
 * next time on (one conditional update: of several workers, even on several machines sharing a
 * PostgreSQL database, one claims it), and the next time is the first after `now`, so that the
 * times missed while no worker ran (the server down) make one start, never one each.
 */
export async function startDueSchedules(db: Db, env: Env, options: { now?: Date; timeZone?: string; log?: (line: string) => void } = {}): Promise<DueStart[]> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? serverTimeZone();
  const out: DueStart[] = [];
  for (const schedule of await listDueSchedules(db, now)) {
    const started = await startIfClaimed(db, schedule, now, timeZone, env, options.log);
    if (started) out.push(started);
  }
  return out;
}

async function startIfClaimed(db: Db, schedule: ScheduleRow, now: Date, timeZone: string, env: Env, log?: (line: string) => void): Promise<DueStart | null> {
  const dueAt = schedule.nextDueAt!;
  let next: Date;
  try {
    next = nextTime(schedule.cron, now, timeZone);
  } catch (error) {
    log?.(`schedule "${schedule.name}": its times cannot be read (${(error as Error).message}); it is not started`);
    return null;
  }
  if (!(await claimScheduleDue(db, schedule.id, dueAt, next))) return null;
  const trigger = now.getTime() - dueAt.getTime() > MISSED_AFTER_MS ? 'missed' : 'schedule';
  const outcome = await startScheduleRun(db, schedule, { dueAt, trigger }, env);
  if (outcome.status === 'failed' || outcome.status === 'skipped') log?.(`schedule "${schedule.name}": ${outcome.error}`);
  return { scheduleId: schedule.id, dueAt, outcome };
}
