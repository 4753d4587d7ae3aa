import 'server-only';
import { recordAudit } from '../auth/audit';
import { assertMayChange } from '../auth/ownership';
import type { Principal } from '../identity/principal';
import type { Db } from '../db/db-types';
import { loadRunInfo } from '../exports/run-info';
import { cancelRun } from '../runs/lifecycle';

/**
 * POST /api/v1/runs/:id/cancel: a queued run is cancelled at once; a running one stops within a
 * second or two (its worker aborts the judge calls in flight). Results stored so far stay.
 * Answers the run as GET /api/v1/runs/:id does; 409 when it had already ended.
 */
export async function cancelRunResponse(db: Db, principal: Principal, runId: string): Promise<Response> {
  await assertMayChange(db, principal, 'run', runId);
  await cancelRun(db, principal.project.id, runId);
  await recordAudit(db, principal, 'run.cancel', runId);
  return Response.json(await loadRunInfo(db, principal.project.id, runId), { headers: { 'cache-control': 'no-store' } });
}
