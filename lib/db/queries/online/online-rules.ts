import type { Db } from '../../db-types';
import { byProject, type ProjectScope } from '../../project-scope';

export interface OnlineRuleRow {
  id: string;
  projectId: string;
  name: string;
  datasetIds: string[];
  metrics: { name: string; options: Record<string, unknown>; version?: number }[];
  judge: { kind: 'offline' } | { kind: 'openai'; name?: string; model?: string };
  sampleRate: number;
  idleMinutes: number;
  dailyCapUsd: number | null;
  dailyCapCalls: number | null;
  dailyCapTokens: number | null;
  versionAttribute: string | null;
  enabled: boolean;
  capReachedOn: string | null;
  scannedUntil: Date | null;
  createdById: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const SELECT = {
  id: true,
  projectId: true,
  name: true,
  datasetIds: true,
  metrics: true,
  judge: true,
  sampleRate: true,
  idleMinutes: true,
  dailyCapUsd: true,
  dailyCapCalls: true,
  dailyCapTokens: true,
  versionAttribute: true,
  enabled: true,
  capReachedOn: true,
  scannedUntil: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
} as const;

const rowOf = (r: Record<string, unknown>): OnlineRuleRow => r as unknown as OnlineRuleRow;

export type OnlineRuleData = Pick<OnlineRuleRow, 'name' | 'datasetIds' | 'metrics' | 'judge' | 'sampleRate' | 'idleMinutes' | 'dailyCapUsd' | 'dailyCapCalls' | 'dailyCapTokens' | 'versionAttribute' | 'enabled'>;

export async function createOnlineRule(db: Db, projectId: string, data: OnlineRuleData, createdById: string | null): Promise<OnlineRuleRow> {
  return rowOf(await db.onlineRule.create({ data: { ...data, projectId, datasetIds: data.datasetIds, metrics: data.metrics as object[], judge: data.judge, createdById }, select: SELECT }));
}

/** The rule of a project with the change; a changed cap lets scoring resume at once, and every closed conversation is looked at again. */
export async function updateOnlineRule(db: Db, projectId: string, id: string, data: OnlineRuleData): Promise<OnlineRuleRow> {
  return rowOf(await db.onlineRule.update({ where: { id, projectId }, data: { ...data, metrics: data.metrics as object[], capReachedOn: null, scannedUntil: null }, select: SELECT }));
}

/**
 * The rule goes; the runs it scored stay as they are (they are a record of production scores,
 * read by compare and trends), and their datasets stop pointing at it.
 */
export async function deleteOnlineRule(db: Db, projectId: string, id: string): Promise<void> {
  await db.$transaction([db.dataset.updateMany({ where: { projectId, onlineRuleId: id }, data: { onlineRuleId: null } }), db.onlineRule.delete({ where: { id, projectId } })]);
}

/** A rule of a project (ANY_PROJECT: the one a worker holds), or null. */
export async function getOnlineRule(db: Db, scope: ProjectScope, id: string): Promise<OnlineRuleRow | null> {
  const row = await db.onlineRule.findUnique({ where: { id, ...byProject(scope) }, select: SELECT });
  return row ? rowOf(row) : null;
}

export async function findOnlineRuleByName(db: Db, projectId: string, name: string): Promise<{ id: string } | null> {
  return db.onlineRule.findUnique({ where: { projectId_name: { projectId, name } }, select: { id: true } });
}

/** A project's rules (ANY_PROJECT: every project's, for the scoring worker), oldest first. */
export async function listOnlineRules(db: Db, scope: ProjectScope, options: { enabledOnly?: boolean } = {}): Promise<OnlineRuleRow[]> {
  const rows = await db.onlineRule.findMany({ where: { ...byProject(scope), ...(options.enabledOnly ? { enabled: true } : {}) }, orderBy: { createdAt: 'asc' }, select: SELECT });
  return rows.map(rowOf);
}

/** A project's live datasets among `ids` (all of them without ids), with their service. */
export async function listLiveDatasets(db: Db, projectId: string, ids?: string[]): Promise<{ datasetId: string; service: string; name: string }[]> {
  const live = await db.liveDataset.findMany({ where: { projectId, ...(ids ? { datasetId: { in: ids } } : {}) }, orderBy: { service: 'asc' } });
  const names = await db.dataset.findMany({ where: { projectId, id: { in: live.map((l) => l.datasetId) } }, select: { id: true, name: true } });
  const nameOf = new Map(names.map((d) => [d.id, d.name]));
  return live.map((l) => ({ datasetId: l.datasetId, service: l.service, name: nameOf.get(l.datasetId) ?? l.service }));
}

/**
 * Takes the rule for `ms` unless another worker holds it: a conditional update, so one of two
 * workers gets it. A paused rule is not taken, unless `evenPaused` (a request to score now).
 */
// across projects: the rule the scoring worker holds (or a request found in its project).
export async function leaseOnlineRule(db: Db, id: string, now: Date, ms: number, options: { evenPaused?: boolean } = {}): Promise<boolean> {
  const { count } = await db.onlineRule.updateMany({
    where: { id, ...(options.evenPaused ? {} : { enabled: true }), OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: new Date(now.getTime() + ms) },
  });
  return count === 1;
}

// across projects: the rule the scoring worker holds (or a request found in its project).
export async function releaseOnlineRule(db: Db, id: string): Promise<void> {
  await db.onlineRule.updateMany({ where: { id }, data: { leaseUntil: null } });
}

// across projects: the rule the scoring worker holds (or a request found in its project).
export async function markCapReached(db: Db, id: string, day: string): Promise<void> {
  await db.onlineRule.updateMany({ where: { id }, data: { capReachedOn: day } });
}

/** Closed conversations last active before `at` were all looked at. */
// across projects: the rule the scoring worker holds (or a request found in its project).
export async function markScanned(db: Db, id: string, at: Date): Promise<void> {
  await db.onlineRule.updateMany({ where: { id }, data: { scannedUntil: at } });
}
