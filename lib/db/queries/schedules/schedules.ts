import type { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../../db-types';
import { notFound } from '../../not-found';
import { byProject, type ProjectScope } from '../../project-scope';

export interface ScheduleRow {
  id: string;
  projectId: string;
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

const SELECT = { id: true, projectId: true, name: true, cron: true, kind: true, request: true, enabled: true, nextDueAt: true, createdById: true, createdBy: true, savedVia: true, createdAt: true, updatedAt: true } as const;

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

export async function createSchedule(db: Db, projectId: string, data: ScheduleData): Promise<ScheduleRow> {
  return rowOf(await db.schedule.create({ data: { ...data, projectId, request: data.request as Prisma.InputJsonObject }, select: SELECT }));
}

/** Its name and times change; what it starts does not (its starts stay comparable). */
export async function updateScheduleTiming(db: Db, projectId: string, id: string, data: Pick<ScheduleData, 'name' | 'cron' | 'nextDueAt' | 'createdById' | 'createdBy' | 'savedVia'>): Promise<ScheduleRow> {
  return rowOf(await db.schedule.update({ where: { id, projectId }, data, select: SELECT }));
}

/** Paused (no next time) or resumed (due next at `nextDueAt`, taken over by whoever resumed it). */
export async function setScheduleEnabled(db: Db, projectId: string, id: string, enabled: boolean, nextDueAt: Date | null, saver?: Pick<ScheduleData, 'createdById' | 'createdBy' | 'savedVia'>): Promise<ScheduleRow> {
  return rowOf(await db.schedule.update({ where: { id, projectId }, data: { enabled, nextDueAt, ...saver }, select: SELECT }));
}

export async function deleteSchedule(db: Db, projectId: string, id: string): Promise<void> {
  await db.schedule.deleteMany({ where: { id, projectId } });
}

/** A schedule of a project (ANY_PROJECT: the worker's, which starts each in its own project). */
export async function getSchedule(db: Db, scope: ProjectScope, id: string): Promise<ScheduleRow> {
  const row = await db.schedule.findUnique({ where: { id, ...byProject(scope) }, select: SELECT });
  if (!row) throw notFound('Schedule', id);
  return rowOf(row);
}

export async function findScheduleByName(db: Db, projectId: string, name: string): Promise<{ id: string } | null> {
  return db.schedule.findUnique({ where: { projectId_name: { projectId, name } }, select: { id: true } });
}

/** A project's schedules, by name. */
export async function listSchedules(db: Db, projectId: string): Promise<ScheduleRow[]> {
  return (await db.schedule.findMany({ where: { projectId }, orderBy: { name: 'asc' }, select: SELECT })).map(rowOf);
}

/** Schedules running whose next time is at or before `now`, the longest due first (across projects: the worker starts each in its own). */
export async function listDueSchedules(db: Db, now: Date, take = 50): Promise<ScheduleRow[]> {
  return (await db.schedule.findMany({ where: { enabled: true, nextDueAt: { lte: now } }, orderBy: { nextDueAt: 'asc' }, take, select: SELECT })).map(rowOf);
}

/**
 * Claims the start due at `due` by moving the schedule's next time on to `next`, in one
 * conditional update: of two workers (or two servers on one PostgreSQL database) that read the
 * same due time, one update matches and the other finds it moved. True for the one that claimed it.
 * Across projects: the worker's own due schedule.
 */
export async function claimScheduleDue(db: Db, id: string, due: Date, next: Date): Promise<boolean> {
  const { count } = await db.schedule.updateMany({ where: { id, enabled: true, nextDueAt: due }, data: { nextDueAt: next } });
  return count === 1;
}
