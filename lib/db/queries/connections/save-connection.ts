import type { Db } from '../../db-types';

export interface ConnectionData {
  name: string;
  baseUrl: string;
  models: string[];
  rpm: number | null;
  tpm: number | null;
  keyCipher?: string | null;
  keyLastFour?: string | null;
}

export const insertConnection = (db: Db, projectId: string, data: ConnectionData): Promise<{ id: string }> =>
  db.judgeConnection.create({ data: { projectId, ...data }, select: { id: true } });

/** Updates a project's connection if it still matches `where` (its id, and for a kept key the URL and key read before); the number updated. */
export async function updateConnectionIfUnchanged(
  db: Db,
  projectId: string,
  where: { id: string; baseUrl?: string; keyCipher?: string | null },
  data: ConnectionData,
): Promise<number> {
  const { count } = await db.judgeConnection.updateMany({ where: { ...where, projectId }, data });
  return count;
}

export async function deleteConnectionRow(db: Db, projectId: string, id: string): Promise<void> {
  await db.judgeConnection.delete({ where: { id, projectId } });
}
