import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

export async function renameDataset(db: Db, projectId: string, id: string, name: string): Promise<{ id: string; name: string }> {
  const { count } = await db.dataset.updateMany({ where: { id, projectId }, data: { name } });
  if (count === 0) throw notFound('Dataset', id);
  return { id, name };
}
