import type { Db } from '../../db-types';

/** A run's status and error, or null for a run that is gone. */
// across projects: a worker's own run (recomputing the run it holds).
export function getRunOutcome(db: Db, runId: string): Promise<{ status: string; error: string | null } | null> {
  return db.run.findUnique({ where: { id: runId }, select: { status: true, error: true } });
}
