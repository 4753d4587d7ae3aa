import type { Db } from '../../db-types';
import { byProject, type ProjectScope } from '../../project-scope';

/** An alert rule as pages and workers read it: its sealed URL and secret are not among its fields (getAlertRuleSecrets reads them). */
export interface AlertRuleRow {
  id: string;
  projectId: string;
  name: string;
  kind: string;
  condition: unknown;
  destinationKind: string;
  urlHint: string;
  secretLastFour: string | null;
  urlSetBy: string;
  notifyResolved: boolean;
  enabled: boolean;
  createdById: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AlertRuleData {
  name: string;
  kind: string;
  condition: object;
  destinationKind: string;
  notifyResolved: boolean;
  enabled: boolean;
}

/** The destination as sealed: written only when it changes. */
export interface SealedDestination {
  urlCipher?: string;
  urlHint?: string;
  urlSetBy?: string;
  secretCipher?: string | null;
  secretLastFour?: string | null;
}

const SELECT = {
  id: true,
  projectId: true,
  name: true,
  kind: true,
  condition: true,
  destinationKind: true,
  urlHint: true,
  secretLastFour: true,
  urlSetBy: true,
  notifyResolved: true,
  enabled: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
} as const;

export async function insertAlertRule(db: Db, projectId: string, data: AlertRuleData & Required<Pick<SealedDestination, 'urlCipher' | 'urlHint' | 'urlSetBy'>> & SealedDestination, createdById: string | null): Promise<AlertRuleRow> {
  return db.alertRule.create({ data: { ...data, projectId, createdById }, select: SELECT });
}

/**
 * Changes a rule if its sealed URL and secret are still those read before (a kept secret stays
 * with the URL it was given for); null when someone changed or deleted it meanwhile.
 */
export async function updateAlertRuleIfUnchanged(
  db: Db,
  where: { projectId: string; id: string; urlCipher: string; secretCipher: string | null },
  data: AlertRuleData & SealedDestination,
): Promise<AlertRuleRow | null> {
  const { count } = await db.alertRule.updateMany({ where, data });
  return count === 1 ? db.alertRule.findUnique({ where: { id: where.id, projectId: where.projectId }, select: SELECT }) : null;
}

/** The rule goes, with its states and its history. */
export async function deleteAlertRule(db: Db, projectId: string, id: string): Promise<void> {
  await db.alertRule.deleteMany({ where: { id, projectId } });
}

/** A rule of a project (ANY_PROJECT: the worker's, found through its event). */
export const getAlertRule = (db: Db, scope: ProjectScope, id: string): Promise<AlertRuleRow | null> => db.alertRule.findUnique({ where: { id, ...byProject(scope) }, select: SELECT });

export const findAlertRuleByName = (db: Db, projectId: string, name: string): Promise<{ id: string } | null> =>
  db.alertRule.findUnique({ where: { projectId_name: { projectId, name } }, select: { id: true } });

/** A project's rules (ANY_PROJECT: the worker's, which looks at each signal with the rules of its project alone). */
export const listAlertRules = (db: Db, scope: ProjectScope, options: { enabledOnly?: boolean; kinds?: readonly string[] } = {}): Promise<AlertRuleRow[]> =>
  db.alertRule.findMany({
    where: { ...byProject(scope), ...(options.enabledOnly ? { enabled: true } : {}), ...(options.kinds ? { kind: { in: [...options.kinds] } } : {}) },
    orderBy: { createdAt: 'asc' },
    select: SELECT,
  });

/** The sealed destination of a rule (server-side only: the delivery and an edit that keeps it). */
export const getAlertRuleSecrets = (db: Db, scope: ProjectScope, id: string): Promise<{ destinationKind: string; urlCipher: string; urlHint: string; secretCipher: string | null; urlSetBy: string } | null> =>
  db.alertRule.findUnique({ where: { id, ...byProject(scope) }, select: { destinationKind: true, urlCipher: true, urlHint: true, secretCipher: true, urlSetBy: true } });
