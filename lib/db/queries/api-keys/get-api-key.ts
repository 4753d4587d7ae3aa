import type { Db } from '../../db-types';

/** A key of a project: its name, last four characters and owner's email (what an admin's revoke records), or null. */
export const getApiKeySummary = (db: Db, projectId: string, id: string): Promise<{ name: string; lastFour: string; user: { email: string } } | null> =>
  db.apiKey.findUnique({ where: { id, projectId }, select: { name: true, lastFour: true, user: { select: { email: true } } } });

/** The key stored under this SHA-256, with its owner and project, or null. */
export const findApiKeyByHash = (db: Db, hash: string) =>
  // across projects: a presented key is found by its hash alone; its row says which project it opens.
  db.apiKey.findUnique({
    where: { hash },
    select: { id: true, scope: true, lastUsedAt: true, projectId: true, user: { select: { id: true, email: true, name: true, role: true } } },
  });

export async function markApiKeyUsed(db: Db, id: string, at: Date): Promise<void> {
  // across projects: the key just found by its hash.
  await db.apiKey.update({ where: { id }, data: { lastUsedAt: at } });
}
