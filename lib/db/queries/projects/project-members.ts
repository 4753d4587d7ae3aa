import type { Db } from '../../db-types';

/** A user's stored role in a project, or null when the user is no member. */
export async function getMemberRole(db: Db, projectId: string, userId: string): Promise<string | null> {
  const row = await db.projectMember.findUnique({ where: { projectId_userId: { projectId, userId } }, select: { role: true } });
  return row?.role ?? null;
}

export interface ProjectMemberRow {
  userId: string;
  role: string;
  createdAt: Date;
  user: { email: string; name: string; role: string };
}

/** A project's members, by email. */
export const listProjectMembers = (db: Db, projectId: string): Promise<ProjectMemberRow[]> =>
  db.projectMember.findMany({
    where: { projectId },
    orderBy: { user: { email: 'asc' } },
    select: { userId: true, role: true, createdAt: true, user: { select: { email: true, name: true, role: true } } },
  });

/** Adds a user to a project, or changes the role of one who is a member. */
export async function saveProjectMember(db: Db, projectId: string, userId: string, role: string): Promise<void> {
  await db.projectMember.upsert({ where: { projectId_userId: { projectId, userId } }, create: { projectId, userId, role }, update: { role } });
}

/**
 * Takes a user out of a project with the user's keys of that project, in one transaction: a key
 * of a removed member opens nothing (the key's look-up checks the membership too). The number of
 * keys deleted; null when the user was no member.
 */
export async function removeProjectMember(db: Db, projectId: string, userId: string): Promise<number | null> {
  return db.$transaction(async (tx) => {
    const removed = await tx.projectMember.deleteMany({ where: { projectId, userId } });
    if (removed.count === 0) return null;
    return (await tx.apiKey.deleteMany({ where: { projectId, userId } })).count;
  });
}

/** Members of a project with the admin role (instance admins aside). */
export const countProjectAdmins = (db: Db, projectId: string): Promise<number> => db.projectMember.count({ where: { projectId, role: 'admin' } });
