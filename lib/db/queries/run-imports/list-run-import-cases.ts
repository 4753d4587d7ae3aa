import type { Db } from '../../db-types';

/** Up to `take` held cases of one kind after `afterPosition`, in order: keyset pages, so a large run is never read whole. */
export async function listRunImportCases(db: Db, importId: string, kind: 'conversational' | 'single', page: { afterPosition: number; take: number }): Promise<{ position: number; body: unknown }[]> {
  return db.runImportCase.findMany({
    where: { importId, kind, position: { gt: page.afterPosition } },
    orderBy: { position: 'asc' },
    take: page.take,
    select: { position: true, body: true },
  });
}
