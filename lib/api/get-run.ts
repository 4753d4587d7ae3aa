import 'server-only';
import type { Db } from '../db/db-types';
import { loadRunInfo } from '../exports/run-info';

/** GET /api/v1/runs/:id: status, progress and per-metric summary (live while the run goes on). */
export async function getRunResponse(db: Db, projectId: string, runId: string): Promise<Response> {
  return Response.json(await loadRunInfo(db, projectId, runId), { headers: { 'cache-control': 'no-store' } });
}
