import type { Db } from '../../db-types';

/** Deletes the keys matching: one of a user's (`id` and `userId`), all of a user's (`userId`), or one by id; the number deleted. */
export async function deleteApiKeys(db: Db, where: { id: string; userId?: string } | { userId: string }): Promise<number> {
  const { count } = await db.apiKey.deleteMany({ where });
  return count;
}
