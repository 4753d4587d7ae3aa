import type { Db } from '../../db-types';
import { byProject, type ProjectScope } from '../../project-scope';

/** The columns of a run's live numbers. */
export const runProgressSelect = {
  id: true,
  status: true,
  judgeKind: true,
  judgeModel: true,
  totalItems: true,
  doneItems: true,
  errorItems: true,
  judgeCalls: true,
  judgeCallsSent: true,
  cacheHits: true,
  promptTokens: true,
  completionTokens: true,
  costUsd: true,
  rateLimitRefusals: true,
  rateLimitedSince: true,
  judgeCallsInFlight: true,
  judgeTokensSent: true,
  judgeCostSent: true,
  rateLimitRpm: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;

/** The live numbers of the runs of a project with these ids (unknown ids, and those of another project, are left out). */
export function listRunProgress(db: Db, scope: ProjectScope, ids: string[]) {
  return db.run.findMany({ where: { id: { in: ids }, ...byProject(scope) }, select: runProgressSelect });
}
