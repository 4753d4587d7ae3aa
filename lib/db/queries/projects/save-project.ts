import type { Db } from '../../db-types';
import type { ProjectRef } from '../../../identity/project';

/** A new project; its slug must be free (a unique violation otherwise). */
export const insertProject = (db: Db, data: { slug: string; name: string }): Promise<ProjectRef> =>
  db.project.create({ data, select: { id: true, slug: true, name: true } });

export async function renameProject(db: Db, id: string, name: string): Promise<void> {
  await db.project.update({ where: { id }, data: { name } });
}
