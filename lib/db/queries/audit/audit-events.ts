import type { Db } from '../../db-types';

export interface AuditEntry {
  id: string;
  createdAt: Date;
  actorEmail: string;
  action: string;
  targetId: string | null;
  detail: string | null;
  /** The project it was done in (its slug when the project still exists); null for users and projects themselves. */
  projectId: string | null;
  project: string | null;
}

export async function insertAuditEvent(db: Db, data: { actorId: string | null; actorEmail: string; action: string; targetId: string | null; detail: string | null; projectId: string | null }): Promise<void> {
  await db.auditEvent.create({ data });
}

/** The newest entries of every project (the instance admins' audit page), each with its project's slug. */
export async function listAuditEvents(db: Db, take: number): Promise<AuditEntry[]> {
  const [rows, projects] = await Promise.all([
    db.auditEvent.findMany({ orderBy: { createdAt: 'desc' }, take, select: { id: true, createdAt: true, actorEmail: true, action: true, targetId: true, detail: true, projectId: true } }),
    db.project.findMany({ select: { id: true, slug: true } }),
  ]);
  const slugs = new Map(projects.map((p) => [p.id, p.slug]));
  return rows.map((r) => ({ ...r, project: r.projectId === null ? null : (slugs.get(r.projectId) ?? r.projectId) }));
}
