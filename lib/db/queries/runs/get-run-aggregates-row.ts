import type { Db } from '../../db-types';

/** What tells whether a run's stored aggregates are current: its status, results done and stored stats. */
// across projects: the run its caller (a page's loader, a close) found in its project.
export const getRunAggregatesRow = (db: Db, runId: string) =>
  db.run.findUnique({ where: { id: runId }, select: { status: true, doneItems: true, scoreStats: true } });
