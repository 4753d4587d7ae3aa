import type { Db } from '../db/db-types';
import { getMemberRole, saveProjectMember } from '../db/queries/projects/project-members';
import { updateUserRole } from '../db/queries/users/update-user-role';
import { DEFAULT_PROJECT_ID } from '../identity/project';

/**
 * What a role given to a user means since projects: "admin" makes an instance admin (admin of
 * every project); "viewer" or "editor" a member with that role in the project "Default" (as a
 * user of a server with one project always was). Roles in other projects are given on each
 * project's settings page.
 */
export async function applyUserRole(db: Db, userId: string, role: string): Promise<void> {
  if (role === 'admin') return updateUserRole(db, userId, 'admin');
  await saveProjectMember(db, DEFAULT_PROJECT_ID, userId, role === 'editor' ? 'editor' : 'viewer');
  await updateUserRole(db, userId, 'member');
}

/** A user just made (any way: the admin's form, the set-up page, OpenID Connect) gets what its role means (applyUserRole). */
export const settleNewUserRole = (db: Db, user: { id: string; role?: unknown }): Promise<void> => applyUserRole(db, user.id, typeof user.role === 'string' ? user.role : 'viewer');

/** A user's role as the users page shows it: admin for an instance admin, else the role in "Default" (none: not a member of it). */
export async function userRoleLabel(db: Db, user: { id: string; role: string }): Promise<string> {
  if (user.role === 'admin') return 'admin';
  return (await getMemberRole(db, DEFAULT_PROJECT_ID, user.id)) ?? 'no role in Default';
}
