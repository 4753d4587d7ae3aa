import type { Db } from '../../db-types';

export interface OnlineRuleRow {
  id: string;
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

export async function createOnlineRule(db: Db, data: OnlineRuleData, createdById: string | null): Promise<OnlineRuleRow> {
  return rowOf(await db.onlineRule.create({ data: { ...data, datasetIds: data.datasetIds, metrics: data.metrics as object[], judge: data.judge, createdById }, select: SELECT }));
}

/** The rule with the change; a changed cap lets scoring resume at once, and every closed conversation is looked at again. */
export async function updateOnlineRule(db: Db, id: string, data: OnlineRuleData): Promise<OnlineRuleRow> {
  return rowOf(await db.onlineRule.update({ where: { id }, data: { ...data, metrics: data.metrics as object[], capReachedOn: null, scannedUntil: null }, select: SELECT }));
}

/**
 * The rule goes; the runs it scored stay as they are (they are a record of production scores,
 * read by compare and trends), and their datasets stop pointing at it.
 */
export async function deleteOnlineRule(db: Db, id: string): Promise<void> {
  await db.$transaction([db.dataset.updateMany({ where: { onlineRuleId: id }, data: { onlineRuleId: null } }), db.onlineRule.delete({ where: { id } })]);
}

export async function getOnlineRule(db: Db, id: string): Promise<OnlineRuleRow | null> {
  const row = await db.onlineRule.findUnique({ where: { id }, select: SELECT });
  return row ? rowOf(row) : null;
}

export async function findOnlineRuleByName(db: Db, name: string): Promise<{ id: string } | null> {
  return db.onlineRule.findUnique({ where: { name }, select: { id: true } });
}

export async function listOnlineRules(db: Db, options: { enabledOnly?: boolean } = {}): Promise<OnlineRuleRow[]> {
  const rows = await db.onlineRule.findMany({ where: options.enabledOnly ? { enabled: true } : {}, orderBy: { createdAt: 'asc' }, select: SELECT });
  return rows.map(rowOf);
}

/** The live datasets among `ids` (those fed over OpenTelemetry), with their service. */
export async function listLiveDatasets(db: Db, ids?: string[]): Promise<{ datasetId: string; service: string; name: string }[]> {
  const live = await db.liveDataset.findMany({ where: ids ? { datasetId: { in: ids } } : {}, orderBy: { service: 'asc' } });
  const names = await db.dataset.findMany({ where: { id: { in: live.map((l) => l.datasetId) } }, select: { id: true, name: true } });
  const nameOf = new Map(names.map((d) => [d.id, d.name]));
  return live.map((l) => ({ datasetId: l.datasetId, service: l.service, name: nameOf.get(l.datasetId) ?? l.service }));
}

/**
 * Takes the rule for `ms` unless another worker holds it: a conditional update, so one of two
 * workers gets it. A paused rule is not taken, unless `evenPaused` (a request to score now).
 */
export async function leaseOnlineRule(db: Db, id: string, now: Date, ms: number, options: { evenPaused?: boolean } = {}): Promise<boolean> {
  const { count } = await db.onlineRule.updateMany({
    where: { id, ...(options.evenPaused ? {} : { enabled: true }), OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: new Date(now.getTime() + ms) },
  });
  return count === 1;
}

export async function releaseOnlineRule(db: Db, id: string): Promise<void> {
  await db.onlineRule.updateMany({ where: { id }, data: { leaseUntil: null } });
}

export async function markCapReached(db: Db, id: string, day: string): Promise<void> {
  await db.onlineRule.updateMany({ where: { id }, data: { capReachedOn: day } });
}

/** Closed conversations last active before `at` were all looked at. */
export async function markScanned(db: Db, id: string, at: Date): Promise<void> {
  await db.onlineRule.updateMany({ where: { id }, data: { scannedUntil: at } });
}
