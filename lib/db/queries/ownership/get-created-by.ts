import type { Db } from '../../db-types';

/** Who made this dataset or run of a project (null: made before sign-in existed, or by the CLI); undefined when the project has no such row. */
export async function getCreatedById(db: Db, projectId: string, kind: 'dataset' | 'run', id: string): Promise<string | null | undefined> {
  const row =
    kind === 'dataset'
      ? await db.dataset.findUnique({ where: { id, projectId }, select: { createdById: true } })
      : await db.run.findUnique({ where: { id, projectId }, select: { createdById: true } });
  return row ? row.createdById : undefined;
}
