import type { Db } from '../../db-types';

/**
 * The project a signal's subject belongs to: only that project's alert rules look at it.
 * Across projects: the alerts worker reads the run, replay or online rule a signal names; an
 * ingest signal names its project itself.
 */
export async function projectOfSignal(db: Db, kind: string, subjectId: string | null): Promise<string | null> {
  if (!subjectId) return null;
  if (kind === 'ingest') return subjectId;
  const where = { where: { id: subjectId }, select: { projectId: true } } as const;
  // across projects: see above.
  const row = kind === 'run' ? await db.run.findUnique(where) : kind === 'replay' ? await db.replay.findUnique(where) : kind === 'online' ? await db.onlineRule.findUnique(where) : null;
  return row?.projectId ?? null;
}
