import 'server-only';
import { getDb } from '../../db/client';
import type { UserInfo } from '../../db/queries/users/list-user-accounts';
import { listUsers } from '../users';

/** The users page: every user with the providers they sign in with and their role. */
export const loadUsersPage = (): Promise<UserInfo[]> => listUsers(getDb());
