import 'server-only';
import type { Db } from '../db/db-types';
import { enqueueRun } from '../runs/queue/enqueue-run';
import { readJsonBody, requestLimits } from '../http/limits';
import { validationError } from '../http/errors';
import { defaultJudgeConcurrency } from '../judge/config';
import { parseApiRunBody } from './run-body';

/**
 * POST /api/v1/runs: checks the body, queues the run for the background worker and answers
 * 202 with its id at once; GET /api/v1/runs/:id follows it.
 */
export async function createRunResponse(db: Db, projectId: string, request: Request, env: Record<string, string | undefined>): Promise<Response> {
  const body = await readJsonBody(request, requestLimits(env).jsonBodyBytes);
  const parsed = parseApiRunBody(body, defaultJudgeConcurrency(env));
  if (!parsed.ok) return validationError(parsed.error, parsed.field);
  const { runId } = await enqueueRun(db, projectId, parsed.request, env);
  return Response.json({ id: runId, status: 'queued' }, { status: 202, headers: { location: `/api/v1/runs/${runId}` } });
}
