import type { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

export interface ScheduleRow {
  id: string;
  name: string;
  cron: string;
  kind: 'replay' | 'run';
  request: unknown;
  enabled: boolean;
  nextDueAt: Date | null;
  createdById: string | null;
  createdBy: string;
  savedVia: string;
  createdAt: Date;
  updatedAt: Date;
}

const SELECT = { id: true, name: true, cron: true, kind: true, request: true, enabled: true, nextDueAt: true, createdById: true, createdBy: true, savedVia: true, createdAt: true, updatedAt: true } as const;

const rowOf = (r: Record<string, unknown>): ScheduleRow => r as unknown as ScheduleRow;

export interface ScheduleData {
  name: string;
  cron: string;
  kind: 'replay' | 'run';
  request: object;
  enabled: boolean;
  nextDueAt: Date | null;
  createdById: string | null;
  createdBy: string;
  savedVia: string;
}

export async function createSchedule(db: Db, data: ScheduleData): Promise<ScheduleRow> {
  return rowOf(await db.schedule.create({ data: { ...data, request: data.request as Prisma.InputJsonObject }, select: SELECT }));
}

/** Its name and times change; what it starts does not (its starts stay comparable). */
export async function updateScheduleTiming(db: Db, id: string, data: Pick<ScheduleData, 'name' | 'cron' | 'nextDueAt' | 'createdById' | 'createdBy' | 'savedVia'>): Promise<ScheduleRow> {
  return rowOf(await db.schedule.update({ where: { id }, data, select: SELECT }));
}

/** Paused (no next time) or resumed (due next at `nextDueAt`, taken over by whoever resumed it). */
export async function setScheduleEnabled(db: Db, id: string, enabled: boolean, nextDueAt: Date | null, saver?: Pick<ScheduleData, 'createdById' | 'createdBy' | 'savedVia'>): Promise<ScheduleRow> {
  return rowOf(await db.schedule.update({ where: { id }, data: { enabled, nextDueAt, ...saver }, select: SELECT }));
}

export async function deleteSchedule(db: Db, id: string): Promise<void> {
  await db.schedule.delete({ where: { id } });
}

export async function getSchedule(db: Db, id: string): Promise<ScheduleRow> {
  const row = await db.schedule.findUnique({ where: { id }, select: SELECT });
  if (!row) throw notFound('Schedule', id);
  return rowOf(row);
}

export async function findScheduleByName(db: Db, name: string): Promise<{ id: string } | null> {
  return db.schedule.findUnique({ where: { name }, select: { id: true } });
}

/** Every schedule, by name. */
export async function listSchedules(db: Db): Promise<ScheduleRow[]> {
  return (await db.schedule.findMany({ orderBy: { name: 'asc' }, select: SELECT })).map(rowOf);
}

/** Schedules running whose next time is at or before `now`, the longest due first. */
export async function listDueSchedules(db: Db, now: Date, take = 50): Promise<ScheduleRow[]> {
  return (await db.schedule.findMany({ where: { enabled: true, nextDueAt: { lte: now } }, orderBy: { nextDueAt: 'asc' }, take, select: SELECT })).map(rowOf);
}

/**
 * Claims the start due at `due` by moving the schedule's next time on to `next`, in one
 * conditional update: of two workers (or two servers on one PostgreSQL database) that read the
 * same due time, one update matches and the other finds it moved. True for the one that claimed it.
 */
export async function claimScheduleDue(db: Db, id: string, due: Date, next: Date): Promise<boolean> {
  const { count } = await db.schedule.updateMany({ where: { id, enabled: true, nextDueAt: due }, data: { nextDueAt: next } });
  return count === 1;
}
