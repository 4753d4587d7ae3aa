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

/** The hash and metrics of every held case of one kind, in order: what storing the run needs before it reads the bodies. */
export async function listRunImportCaseSummaries(db: Db, importId: string, kind: 'conversational' | 'single'): Promise<{ hash: string; metrics: unknown }[]> {
  return db.runImportCase.findMany({ where: { importId, kind }, orderBy: { position: 'asc' }, select: { hash: true, metrics: true } });
}
