import type { Db } from '../../db-types';

/** Signs the user out everywhere. */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.session.deleteMany({ where: { userId } });
}
