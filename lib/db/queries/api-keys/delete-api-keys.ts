import type { Db } from '../../db-types';

/**
 * Deletes the keys matching: one of a project (`id`, `projectId`, and `userId` for a user's own),
 * or every key of a user in every project (`userId` alone: a new password); the number deleted.
 */
export async function deleteApiKeys(db: Db, where: { id: string; projectId: string; userId?: string } | { userId: string }): Promise<number> {
  // across projects: with only a user named, a new password ends all of that user's keys.
  const { count } = await db.apiKey.deleteMany({ where });
  return count;
}
