import type { Db } from '../../db-types';

/** A key's name, last four characters and owner's email (what an admin's revoke records), or null. */
export const getApiKeySummary = (db: Db, id: string): Promise<{ name: string; lastFour: string; user: { email: string } } | null> =>
  db.apiKey.findUnique({ where: { id }, select: { name: true, lastFour: true, user: { select: { email: true } } } });

/** The key stored under this SHA-256, with its owner, or null. */
export const findApiKeyByHash = (db: Db, hash: string) =>
  db.apiKey.findUnique({
    where: { hash },
    select: { id: true, scope: true, lastUsedAt: true, user: { select: { id: true, email: true, name: true, role: true } } },
  });

export async function markApiKeyUsed(db: Db, id: string, at: Date): Promise<void> {
  await db.apiKey.update({ where: { id }, data: { lastUsedAt: at } });
}
