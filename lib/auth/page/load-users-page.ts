import 'server-only';
import { getDb } from '../../db/client';
import type { UserInfo } from '../../db/queries/users/list-user-accounts';
import { userRoleLabel } from '../user-roles';
import { listUsers } from '../users';

/** The users page: every user with the providers they sign in with and their role (admin: an instance admin; else the role in "Default"). */
export async function loadUsersPage(): Promise<UserInfo[]> {
  const db = getDb();
  return Promise.all((await listUsers(db)).map(async (user) => ({ ...user, role: await userRoleLabel(db, user) })));
}
