import type { Db } from '../../db-types';

/** The user's password account (better-auth's 'credential' provider) with its hash, or null. */
export const findCredentialAccount = (db: Db, userId: string): Promise<{ id: string; password: string | null } | null> =>
  db.account.findFirst({ where: { userId, providerId: 'credential' }, select: { id: true, password: true } });

export async function setAccountPassword(db: Db, accountId: string, hash: string): Promise<void> {
  await db.account.update({ where: { id: accountId }, data: { password: hash } });
}
