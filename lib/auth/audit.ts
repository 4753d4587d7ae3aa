import type { Db } from '../db/client';
import type { Principal } from './principal';

export type AuditAction =
  | 'dataset.delete'
  | 'run.cancel'
  | 'run.delete'
  | 'replay.start'
  | 'replay.cancel'
  | 'replay.retry'
  | 'user.create'
  | 'user.role'
  | 'user.password'
  | 'user.delete'
  | 'api-key.revoke'
  | 'connection.create'
  | 'connection.update'
  | 'connection.delete'
  | 'online-rule.create'
  | 'online-rule.update'
  | 'online-rule.delete';

/** Records who did what; a failure to record is logged and does not undo the action. */
export async function recordAudit(db: Db, actor: Principal, action: AuditAction, targetId: string | null, detail?: string): Promise<void> {
  try {
    await db.auditEvent.create({
      data: { actorId: actor.via === 'session' || actor.via === 'api-key' ? actor.id : null, actorEmail: actor.email, action, targetId, detail: detail ?? null },
    });
  } catch (error) {
    console.error(`[audit] could not record ${action} on ${targetId}:`, error);
  }
}

export interface AuditEntry {
  id: string;
  createdAt: Date;
  actorEmail: string;
  action: string;
  targetId: string | null;
  detail: string | null;
}

export async function listAudit(db: Db, { take = 200 }: { take?: number } = {}): Promise<AuditEntry[]> {
  return db.auditEvent.findMany({
    orderBy: { createdAt: 'desc' },
    take,
    select: { id: true, createdAt: true, actorEmail: true, action: true, targetId: true, detail: true },
  });
}
