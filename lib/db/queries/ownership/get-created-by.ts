import type { Db } from '../../db-types';

/** Who made this dataset or run (null: made before sign-in existed, or by the CLI); undefined when there is no such row. */
export async function getCreatedById(db: Db, kind: 'dataset' | 'run', id: string): Promise<string | null | undefined> {
  const row =
    kind === 'dataset'
      ? await db.dataset.findUnique({ where: { id }, select: { createdById: true } })
      : await db.run.findUnique({ where: { id }, select: { createdById: true } });
  return row ? row.createdById : undefined;
}
