import type { Db } from '../../db-types';
import { isUniqueViolation } from '../../unique-violation';

export interface NewAlertEvent {
  ruleId: string;
  key: string;
  scopeKey: string;
  crossing: number;
  state: 'firing' | 'resolved' | 'test';
  value: number | null;
  summary: string;
  link: string;
  details: object | null;
  delivery: 'pending' | 'off' | 'delivered' | 'failed';
  attempts?: number;
  lastStatus?: number | null;
  lastError?: string | null;
  deliveredAt?: Date | null;
  /** Held by a worker from the start (a test, sent by the request that made it). */
  workerId?: string;
  leaseUntil?: Date;
}

/** Stores an alert; false when its key exists already (another worker saw the same crossing first). */
export async function insertAlertEvent(db: Db, event: NewAlertEvent): Promise<{ id: string } | null> {
  try {
    return await db.alertEvent.create({ data: { ...event, details: event.details ?? undefined }, select: { id: true } });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export interface AlertEventRow {
  id: string;
  ruleId: string;
  key: string;
  scopeKey: string;
  crossing: number;
  state: string;
  value: number | null;
  summary: string;
  link: string;
  details: unknown;
  delivery: string;
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

const SELECT = {
  id: true,
  ruleId: true,
  key: true,
  scopeKey: true,
  crossing: true,
  state: true,
  value: true,
  summary: true,
  link: true,
  details: true,
  delivery: true,
  attempts: true,
  nextAttemptAt: true,
  lastStatus: true,
  lastError: true,
  deliveredAt: true,
  createdAt: true,
} as const;

/** A rule's history, newest first. */
export const listAlertEvents = (db: Db, ruleId: string, take = 100): Promise<AlertEventRow[]> =>
  db.alertEvent.findMany({ where: { ruleId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take, select: SELECT });

/** The latest alert of each rule (the rules list). */
export async function latestAlertEvents(db: Db, ruleIds: readonly string[]): Promise<Map<string, AlertEventRow>> {
  const out = new Map<string, AlertEventRow>();
  for (const ruleId of ruleIds) {
    const [row] = await listAlertEvents(db, ruleId, 1);
    if (row) out.set(ruleId, row);
  }
  return out;
}

/**
 * Alerts whose delivery is due and that no live worker holds, oldest first. A resolution waits
 * while the firing of its crossing is still being delivered: a receiver hears them in order.
 */
export async function listDueAlertEvents(db: Db, now: Date, take: number): Promise<{ id: string; key: string; state: string }[]> {
  const due = await db.alertEvent.findMany({
    where: { delivery: 'pending', nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: [{ nextAttemptAt: 'asc' }, { createdAt: 'asc' }],
    take,
    select: { id: true, key: true, state: true },
  });
  const resolved = due.filter((e) => e.state === 'resolved');
  if (!resolved.length) return due;
  const firingKeys = resolved.map((e) => e.key.replace(/\|resolved$/, '|firing'));
  const waiting = new Set((await db.alertEvent.findMany({ where: { key: { in: firingKeys }, delivery: 'pending' }, select: { key: true } })).map((e) => e.key));
  return due.filter((e) => e.state !== 'resolved' || !waiting.has(e.key.replace(/\|resolved$/, '|firing')));
}

/**
 * Takes an alert's delivery for `ms` if it is still due and no other worker holds it: a
 * conditional update, so one of two workers gets it (and none once it was delivered).
 */
export async function leaseAlertEvent(db: Db, id: string, workerId: string, now: Date, ms: number): Promise<boolean> {
  const { count } = await db.alertEvent.updateMany({
    where: { id, delivery: 'pending', nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: new Date(now.getTime() + ms), workerId },
  });
  return count === 1;
}

/** What a delivery needs: the alert and its rule (the sealed destination read apart). */
export const getAlertEventForDelivery = (db: Db, id: string) =>
  db.alertEvent.findUnique({
    where: { id },
    select: { ...SELECT, rule: { select: { id: true, projectId: true, project: { select: { slug: true } }, name: true, kind: true, condition: true, destinationKind: true, urlHint: true, enabled: true } } },
  });

/** An attempt's outcome: delivered, failed for good, or tried again at `nextAttemptAt`. The worker's lease ends. */
export async function recordAlertAttempt(
  db: Db,
  id: string,
  workerId: string,
  outcome: { delivery: 'delivered' | 'failed' | 'pending'; status: number | null; error: string | null; nextAttemptAt?: Date; at: Date },
): Promise<void> {
  await db.alertEvent.updateMany({
    where: { id, workerId, delivery: 'pending' },
    data: {
      delivery: outcome.delivery,
      attempts: { increment: 1 },
      lastStatus: outcome.status,
      lastError: outcome.error,
      leaseUntil: null,
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      ...(outcome.delivery === 'delivered' ? { deliveredAt: outcome.at } : {}),
    },
  });
}
