import { z } from 'zod';
import type { Db } from '../db/db-types';
import { AppError, isAppError } from '../errors';
import { revokeUserApiKeys } from './api-keys';
import { getAuth } from './auth';
import { ROLES, type Role } from '../identity/roles';
import { USER_NAME_MAX } from './user-fields';
import { countAllUsers, countOtherAdmins } from '../db/queries/users/count-users';
import { findCredentialAccount, setAccountPassword } from '../db/queries/users/credential-account';
import { deleteUserRow } from '../db/queries/users/delete-user';
import { deleteUserSessions } from '../db/queries/users/delete-user-sessions';
import { findUserIdByEmail, getUserEmailAndRole } from '../db/queries/users/get-user';
import { listUserAccounts, type UserInfo } from '../db/queries/users/list-user-accounts';
import { updateUserRole } from '../db/queries/users/update-user-role';
import { applyUserRole, userRoleLabel } from './user-roles';

export const newUserSchema = z.object({
  email: z.email('Enter an email address').trim().toLowerCase(),
  name: z.string().trim().min(1, 'Enter a name').max(USER_NAME_MAX, `Keep the name under ${USER_NAME_MAX} characters`),
  password: z.string().min(8, 'Use at least 8 characters').max(256, 'Keep the password under 256 characters'),
  role: z.enum(ROLES, 'Pick viewer, editor or admin'),
});
export type NewUser = z.infer<typeof newUserSchema>;

export const countUsers = (db: Db): Promise<number> => countAllUsers(db);

/** Every user with how each signs in, oldest first (the admin's users page). */
export const listUsers = (db: Db): Promise<UserInfo[]> => listUserAccounts(db);

/** A user who signs in with email and password (better-auth's password hash, its account row). */
export async function createPasswordUser(db: Db, input: NewUser): Promise<{ id: string }> {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('BAD_INPUT', issue.message, { field: String(issue.path[0]) });
  }
  const { email, name, password, role } = parsed.data;
  if (await findUserIdByEmail(db, email)) {
    throw new AppError('CONFLICT', `A user with the email ${email} exists already`, { field: 'email' });
  }
  const ctx = await getAuth().$context;
  const user = await ctx.internalAdapter.createUser({ email, name, role, emailVerified: true }, { method: 'admin' });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await ctx.password.hash(password) });
  return { id: user.id };
}

/**
 * Sets a password user's password, signs the user out everywhere and deletes the user's API keys
 * (whoever knew the old password may have made one); the number of keys deleted.
 */
export async function setUserPassword(db: Db, userId: string, password: string): Promise<{ revokedKeys: number }> {
  const parsed = newUserSchema.shape.password.safeParse(password);
  if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0].message, { field: 'password' });
  const ctx = await getAuth().$context;
  const hash = await ctx.password.hash(parsed.data);
  const account = await findCredentialAccount(db, userId);
  if (account) await setAccountPassword(db, account.id, hash);
  else await ctx.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
  await deleteUserSessions(db, userId);
  return { revokedKeys: await revokeUserApiKeys(db, userId) };
}

/**
 * TURNWISE_ADMIN_EMAIL and TURNWISE_ADMIN_PASSWORD at start: creates that admin, or makes the
 * existing user an admin with that password (a forgotten password is reset by restarting).
 */
export async function ensureEnvAdmin(db: Db, admin: { email: string; password: string }): Promise<'created' | 'reset'> {
  let existing = await findUserIdByEmail(db, admin.email);
  if (!existing) {
    try {
      await createPasswordUser(db, { email: admin.email, name: 'Admin', password: admin.password, role: 'admin' });
      return 'created';
    } catch (error) {
      // Another process made it between the look-up and the insert (a start without the lock): update that one instead.
      if (!isConflict(error)) throw error;
      existing = await findUserIdByEmail(db, admin.email);
      if (!existing) throw error;
    }
  }
  await updateUserRole(db, existing.id, 'admin');
  const ctx = await getAuth().$context;
  const account = await findCredentialAccount(db, existing.id);
  // Unchanged password: keep the sessions (every start would otherwise sign the admin out).
  if (account?.password && (await ctx.password.verify({ hash: account.password, password: admin.password }))) return 'reset';
  await setUserPassword(db, existing.id, admin.password);
  return 'reset';
}

const isConflict = (error: unknown): boolean =>
  (isAppError(error) && error.code === 'CONFLICT') || (error as { code?: string }).code === 'P2002' || /unique constraint/i.test(String((error as Error)?.message));

async function assertAnotherAdmin(db: Db, userId: string): Promise<void> {
  const others = await countOtherAdmins(db, userId);
  if (others === 0) throw new AppError('CONFLICT', 'This is the last admin: make another user an admin first');
}

/** Changes a role (applyUserRole); refuses to leave the server without an admin. Signs the user out so the new role applies at once. */
export async function setUserRole(db: Db, userId: string, role: Role): Promise<{ email: string; from: string }> {
  const user = await getUserEmailAndRole(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  if (user.role === 'admin' && role !== 'admin') await assertAnotherAdmin(db, userId);
  const from = await userRoleLabel(db, { id: userId, role: user.role });
  await applyUserRole(db, userId, role);
  return { email: user.email, from };
}

export async function deleteUser(db: Db, userId: string): Promise<{ email: string }> {
  const user = await getUserEmailAndRole(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  if (user.role === 'admin') await assertAnotherAdmin(db, userId);
  await deleteUserRow(db, userId);
  return { email: user.email };
}
