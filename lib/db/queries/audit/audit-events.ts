import type { Db } from '../../db-types';

export interface AuditEntry {
  id: string;
  createdAt: Date;
  actorEmail: string;
  action: string;
  targetId: string | null;
  detail: string | null;
}

export async function insertAuditEvent(db: Db, data: { actorId: string | null; actorEmail: string; action: string; targetId: string | null; detail: string | null }): Promise<void> {
  await db.auditEvent.create({ data });
}

export const listAuditEvents = (db: Db, take: number): Promise<AuditEntry[]> =>
  db.auditEvent.findMany({
    orderBy: { createdAt: 'desc' },
    take,
    select: { id: true, createdAt: true, actorEmail: true, action: true, targetId: true, detail: true },
  });
