import 'server-only';
import { z } from 'zod';
import type { Db } from '../db/db-types';
import { listRunProgress } from '../db/queries/runs/list-run-progress';
import { progressIdsSchema } from '../domain/run-progress';
import { runProgressSnapshot } from '../runs/aggregates/progress-snapshot';
import { waitingBehind } from '../runs/queue/waiting-behind';
import { validationError } from '../http/errors';

const querySchema = z.object({ ids: progressIdsSchema });

/**
 * GET /api/runs/progress?ids=a,b: the live numbers of these runs of the project, one small read. The run page
 * and the runs list poll it once a second instead of re-rendering the whole page.
 */
export async function runProgressResponse(db: Db, projectId: string, request: Request): Promise<Response> {
  const query = querySchema.safeParse({ ids: new URL(request.url).searchParams.get('ids') ?? undefined });
  if (!query.success) return validationError(query.error);
  const runs = await listRunProgress(db, projectId, query.data.ids);
  const behind = await waitingBehind(db, projectId, runs);
  return Response.json({ runs: runs.map((run) => ({ ...runProgressSnapshot(run), waitingBehind: behind.get(run.id) ?? null })) }, { headers: { 'cache-control': 'no-store' } });
}
