import type { z } from 'zod';
import { recordAudit } from '../auth/audit';
import type { Db } from '../db/db-types';
import {
  createSchedule as insertSchedule,
  deleteSchedule as removeSchedule,
  findScheduleByName,
  getSchedule,
  setScheduleEnabled as writeEnabled,
  updateScheduleTiming,
  type ScheduleRow,
} from '../db/queries/schedules/schedules';
import { AppError } from '../errors';
import type { Principal } from '../identity/principal';
import { hasRole, mayChange } from '../identity/roles';
import { checkScheduleRequest } from './check-schedule-request';
import { describeCron, nextTime, serverTimeZone } from './cron';
import { saverOf } from './schedule-actor';
import { newScheduleSchema, scheduleTimingSchema } from './schedule-input';
import { startScheduleRun, type StartOutcome } from './start-schedule-run';

type Env = Record<string, string | undefined>;

/** Input of a schedule parsed, or the first refused field as an AppError naming it. */
function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.') || 'form';
  throw new AppError('BAD_INPUT', issue.message, { field });
}

function requireEditor(principal: Principal): void {
  if (!hasRole(principal.role, 'editor')) throw new AppError('FORBIDDEN', 'Only editors and admins manage schedules');
}

/** The schedule, when the principal may change it (admins, and the editor who saved it). */
async function changeable(db: Db, principal: Principal, id: string): Promise<ScheduleRow> {
  requireEditor(principal);
  const schedule = await getSchedule(db, principal.project.id, id);
  if (!mayChange(principal, schedule.createdById)) throw new AppError('FORBIDDEN', 'Only an admin or the editor who saved this schedule may change it');
  return schedule;
}

async function assertNameFree(db: Db, projectId: string, name: string, self?: string): Promise<void> {
  const taken = await findScheduleByName(db, projectId, name);
  if (taken && taken.id !== self) throw new AppError('CONFLICT', `A schedule named "${name}" exists already`, { field: 'name' });
}

/** "0 2 * * * (At 02:00, every day, Europe/Paris)": a schedule's times as the audit log says them. */
const timesOf = (cron: string) => `${cron} (${describeCron(cron)}, ${serverTimeZone()})`;

/**
 * A new schedule: its times checked, what it starts checked as a start would be (by the replay's
 * or the runs' front door, for whoever saves it), due next at its first time after `now`.
 */
export async function createSchedule(db: Db, principal: Principal, input: unknown, env: Env, now = new Date()): Promise<ScheduleRow> {
  requireEditor(principal);
  const { name, cron, kind, request } = parsed(newScheduleSchema, input);
  await assertNameFree(db, principal.project.id, name);
  const stored = await checkScheduleRequest(db, kind, request, principal, env);
  const schedule = await insertSchedule(db, principal.project.id, { name, cron, kind, request: stored, enabled: true, nextDueAt: nextTime(cron, now, serverTimeZone()), ...saverOf(principal) });
  await recordAudit(db, principal, 'schedule.create', schedule.id, `${name}: ${kind === 'replay' ? 'a replay' : 'a run'} of dataset ${String(stored.datasetId)} at ${timesOf(cron)}`);
  return schedule;
}

/**
 * A schedule's name and times changed (what it starts does not change: its starts stay
 * comparable; a different one is a new schedule). Whoever saves it takes it over: its starts act
 * as them, and what it starts is checked again for them.
 */
export async function updateSchedule(db: Db, principal: Principal, id: string, input: unknown, env: Env, now = new Date()): Promise<ScheduleRow> {
  const before = await changeable(db, principal, id);
  const { name, cron } = parsed(scheduleTimingSchema, input);
  await assertNameFree(db, principal.project.id, name, id);
  await checkScheduleRequest(db, before.kind, before.request, principal, env);
  const after = await updateScheduleTiming(db, principal.project.id, id, { name, cron, nextDueAt: before.enabled ? nextTime(cron, now, serverTimeZone()) : null, ...saverOf(principal) });
  const changes = [before.name !== name ? `renamed from "${before.name}"` : null, before.cron !== cron ? `times ${timesOf(before.cron)} → ${timesOf(cron)}` : null].filter(Boolean);
  await recordAudit(db, principal, 'schedule.update', id, `${name}: ${changes.length ? changes.join('; ') : 'saved again'}`);
  return after;
}

/**
 * Pauses a schedule (it has no next time) or resumes it (due next at its first time after
 * `now`: the times it was paused through are not made up). Resuming takes it over, as saving does.
 */
export async function setScheduleEnabled(db: Db, principal: Principal, id: string, enabled: boolean, env: Env, now = new Date()): Promise<ScheduleRow> {
  const schedule = await changeable(db, principal, id);
  if (!enabled) {
    const paused = await writeEnabled(db, principal.project.id, id, false, null);
    await recordAudit(db, principal, 'schedule.pause', id, schedule.name);
    return paused;
  }
  await checkScheduleRequest(db, schedule.kind, schedule.request, principal, env);
  const resumed = await writeEnabled(db, principal.project.id, id, true, nextTime(schedule.cron, now, serverTimeZone()), saverOf(principal));
  await recordAudit(db, principal, 'schedule.resume', id, `${schedule.name}: next at ${resumed.nextDueAt?.toISOString()}`);
  return resumed;
}

/** Deletes a schedule with the record of its starts; the replays and runs it started stay. */
export async function deleteSchedule(db: Db, principal: Principal, id: string): Promise<void> {
  const schedule = await changeable(db, principal, id);
  await removeSchedule(db, principal.project.id, id);
  await recordAudit(db, principal, 'schedule.delete', id, `${schedule.name} (${schedule.kind}, ${schedule.cron})`);
}

/** Starts a schedule now, by hand, as a due time would (its next time stays as it is). */
export async function runScheduleNow(db: Db, principal: Principal, id: string, env: Env, now = new Date()): Promise<StartOutcome> {
  const schedule = await changeable(db, principal, id);
  const outcome = await startScheduleRun(db, schedule, { dueAt: now, trigger: 'manual' }, env);
  const what = outcome.status === 'started' ? `started ${outcome.replayId ? `replay ${outcome.replayId}` : `run ${outcome.runId}`}` : outcome.status === 'taken' ? 'already started' : outcome.error;
  await recordAudit(db, principal, 'schedule.run', id, `${schedule.name}: ${what}`);
  return outcome;
}
