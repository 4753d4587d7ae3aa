import type { Db } from '../../db-types';

export interface AlertSignalRow {
  id: string;
  kind: string;
  subjectId: string | null;
  detail: unknown;
  createdAt: Date;
}

export async function insertAlertSignal(db: Db, signal: { kind: string; subjectId: string | null; detail?: object }): Promise<void> {
  await db.alertSignal.create({ data: { kind: signal.kind, subjectId: signal.subjectId, detail: signal.detail ?? undefined } });
}

/** Signals no live worker holds, oldest first. */
export const listDueAlertSignals = (db: Db, now: Date, take: number): Promise<AlertSignalRow[]> =>
  db.alertSignal.findMany({
    where: { OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take,
    select: { id: true, kind: true, subjectId: true, detail: true, createdAt: true },
  });

/** Takes a signal for `ms` unless another worker holds it (a conditional update). */
export async function leaseAlertSignal(db: Db, id: string, now: Date, ms: number): Promise<boolean> {
  const { count } = await db.alertSignal.updateMany({ where: { id, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] }, data: { leaseUntil: new Date(now.getTime() + ms) } });
  return count === 1;
}

export async function deleteAlertSignal(db: Db, id: string): Promise<void> {
  await db.alertSignal.deleteMany({ where: { id } });
}
