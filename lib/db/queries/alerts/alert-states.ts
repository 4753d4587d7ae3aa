import type { Db } from '../../db-types';
import { isUniqueViolation } from '../../unique-violation';

export interface AlertStateRow {
  id: string;
  ruleId: string;
  scopeKey: string;
  state: string;
  crossings: number;
  value: number | null;
  changedAt: Date;
}

const SELECT = { id: true, ruleId: true, scopeKey: true, state: true, crossings: true, value: true, changedAt: true } as const;

/** The state of a rule for a scope, or null before it first fired there. */
export const findAlertState = (db: Db, ruleId: string, scopeKey: string): Promise<AlertStateRow | null> => db.alertState.findUnique({ where: { ruleId_scopeKey: { ruleId, scopeKey } }, select: SELECT });

/** The state of a rule for a scope, made "ok" on first use (two workers making it at once: one row). */
export async function getOrCreateAlertState(db: Db, ruleId: string, scopeKey: string): Promise<AlertStateRow> {
  const found = await db.alertState.findUnique({ where: { ruleId_scopeKey: { ruleId, scopeKey } }, select: SELECT });
  if (found) return found;
  try {
    return await db.alertState.create({ data: { ruleId, scopeKey }, select: SELECT });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.alertState.findUniqueOrThrow({ where: { ruleId_scopeKey: { ruleId, scopeKey } }, select: SELECT });
  }
}

/**
 * Moves a state from what it was read as to `to` (compare-and-set on the state and its count of
 * crossings): false when another worker moved it first.
 */
export async function moveAlertState(db: Db, from: Pick<AlertStateRow, 'id' | 'state' | 'crossings'>, to: { state: string; crossings: number; value: number | null; at: Date }): Promise<boolean> {
  const { count } = await db.alertState.updateMany({
    where: { id: from.id, state: from.state, crossings: from.crossings },
    data: { state: to.state, crossings: to.crossings, value: to.value, changedAt: to.at },
  });
  return count === 1;
}

/** The value last measured, the state unchanged. */
export async function noteAlertValue(db: Db, id: string, value: number | null): Promise<void> {
  await db.alertState.updateMany({ where: { id }, data: { value } });
}

export const listAlertStates = (db: Db, ruleId: string): Promise<AlertStateRow[]> => db.alertState.findMany({ where: { ruleId }, orderBy: { scopeKey: 'asc' }, select: SELECT });

/** Every firing state of the rules given, with the scope given (the sweep's recoveries). */
export const listFiringStates = (db: Db, ruleIds: readonly string[], scopeKey?: string): Promise<AlertStateRow[]> =>
  db.alertState.findMany({ where: { ruleId: { in: [...ruleIds] }, state: 'firing', ...(scopeKey ? { scopeKey } : {}) }, select: SELECT });

/** How many scopes of each rule are firing now (the rules list). */
export async function countFiringByRule(db: Db): Promise<Map<string, number>> {
  const rows = await db.alertState.groupBy({ by: ['ruleId'], where: { state: 'firing' }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.ruleId, r._count._all]));
}
