import type { Db } from '../../db-types';

/** How long a storing import may go without a word before another request takes it over (its process died). */
export const STORING_STALE_MS = 10 * 60_000;

/**
 * Takes a run import to store it: a compare-and-set from receiving or failed (or a storing one
 * whose process went quiet), so that of two requests that both completed it only one stores it.
 */
// across projects: an import its request found in its project.
export async function claimRunImport(db: Db, id: string, now = new Date()): Promise<boolean> {
  const { count } = await db.runImport.updateMany({
    where: {
      id,
      OR: [{ status: { in: ['receiving', 'failed'] } }, { status: 'storing', updatedAt: { lt: new Date(now.getTime() - STORING_STALE_MS) } }],
    },
    data: { status: 'storing', error: null },
  });
  return count === 1;
}
