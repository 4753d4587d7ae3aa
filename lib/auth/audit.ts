import type { Db } from '../db/db-types';
import { insertAuditEvent, listAuditEvents, type AuditEntry } from '../db/queries/audit/audit-events';
import type { Actor, Principal } from '../identity/principal';

export type AuditAction =
  | 'alert.create'
  | 'alert.update'
  | 'alert.delete'
  | 'alert.test'
  | 'dataset.delete'
  | 'run.cancel'
  | 'run.delete'
  | 'replay.start'
  | 'replay.cancel'
  | 'replay.retry'
  | 'replay.rescore'
  | 'user.create'
  | 'user.role'
  | 'user.password'
  | 'user.delete'
  | 'api-key.revoke'
  | 'connection.create'
  | 'connection.update'
  | 'connection.delete'
  | 'connection.default'
  | 'connection.default.clear'
  | 'online-rule.create'
  | 'online-rule.update'
  | 'online-rule.delete'
  | 'redaction.live'
  | 'redaction.pattern.create'
  | 'redaction.pattern.delete'
  | 'project.create'
  | 'project.rename'
  | 'project.member'
  | 'project.member.remove'
  | 'dataset.move'

  | 'schedule.create'
  | 'schedule.update'
  | 'schedule.pause'
  | 'schedule.resume'
  | 'schedule.run'
  | 'schedule.delete'
  | 'retention.set';

/**
 * Records who did what, in the principal's project (an instance admin's change to users or
 * projects: in none); a failure to record is logged and does not undo the action.
 */
export async function recordAudit(db: Db, actor: Principal | Actor, action: AuditAction, targetId: string | null, detail?: string): Promise<void> {
  try {
    const projectId = 'project' in actor ? actor.project.id : null;
    await insertAuditEvent(db, { actorId: actor.via === 'session' || actor.via === 'api-key' ? actor.id : null, actorEmail: actor.email, action, targetId, detail: detail ?? null, projectId });
  } catch (error) {
    console.error(`[audit] could not record ${action} on ${targetId}:`, error);
  }
}

export const listAudit = (db: Db, { take = 200 }: { take?: number } = {}): Promise<AuditEntry[]> => listAuditEvents(db, take);
