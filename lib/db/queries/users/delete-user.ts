import type { Db } from '../../db-types';

/** Deletes the user; their sessions, accounts and keys go with it (cascade). */
export async function deleteUserRow(db: Db, userId: string): Promise<void> {
  await db.user.delete({ where: { id: userId } });
}
