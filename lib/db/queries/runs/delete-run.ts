import type { Db } from '../../db-types';

/** Removes a run with its results and verdicts (an import that could not be stored whole); false when there was none. */
export async function deleteRun(db: Db, runId: string): Promise<boolean> {
  const { count } = await db.run.deleteMany({ where: { id: runId } });
  return count === 1;
}
