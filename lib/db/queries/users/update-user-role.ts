import type { Db } from '../../db-types';

export async function updateUserRole(db: Db, userId: string, role: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { role } });
}
