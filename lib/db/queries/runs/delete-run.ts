import type { Db } from '../../db-types';

/** Removes a run with its results and verdicts (an import that could not be stored whole); false when there was none. */
// across projects: an imported run its import just made and could not store whole.
export async function deleteRun(db: Db, runId: string): Promise<boolean> {
  const { count } = await db.run.deleteMany({ where: { id: runId } });
  return count === 1;
}
