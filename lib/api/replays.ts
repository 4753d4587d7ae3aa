import 'server-only';
import { z } from 'zod';
import type { Principal } from '../identity/principal';
import type { Db } from '../db/db-types';
import { getReplayRow } from '../db/queries/replays/get-replay';
import { AppError } from '../errors';
import { readJsonBody, requestLimits } from '../http/limits';
import { mayChange } from '../identity/roles';
import { cancelReplay, estimateReplay, getReplay, listReplays, rescoreReplay, retryReplay, startReplay } from '../replay';
import { validationError } from '../http/errors';
import { queryOf } from './pagination';

type Env = Record<string, string | undefined>;
const noStore = { 'cache-control': 'no-store' };

/** POST /api/v1/replays: checks the body, queues the replay for the worker, answers 202 with its id. */
export async function createReplayResponse(db: Db, principal: Principal, request: Request, env: Env): Promise<Response> {
  const body = await readJsonBody(request, requestLimits(env).jsonBodyBytes);
  const { id, totalItems } = await startReplay(db, principal.project.id, body, principal, env);
  return Response.json({ id, status: 'queued', progress: { done: 0, total: totalItems, errors: 0 } }, { status: 202, headers: { location: `/api/v1/replays/${id}` } });
}

/** POST /api/v1/replays/estimate: what the replay in the body would cost (nothing is started). */
export async function estimateReplayResponse(db: Db, principal: Principal, request: Request, env: Env): Promise<Response> {
  const body = await readJsonBody(request, requestLimits(env).jsonBodyBytes);
  return Response.json(await estimateReplay(db, principal.project.id, body, env, principal), { headers: noStore });
}

export const replaysQuerySchema = z.strictObject({
  dataset: z.string().trim().min(1).max(200).optional().describe('Only replays that read or made this dataset'),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(500).default(100),
});

/** GET /api/v1/replays: replays, newest first. */
export async function listReplaysResponse(db: Db, projectId: string, request: Request): Promise<Response> {
  const query = replaysQuerySchema.safeParse(queryOf(new URL(request.url)));
  if (!query.success) return validationError(query.error);
  return Response.json({ items: await listReplays(db, projectId, { datasetId: query.data.dataset, take: query.data.limit }) }, { headers: noStore });
}

export async function getReplayResponse(db: Db, projectId: string, id: string): Promise<Response> {
  return Response.json(await getReplay(db, projectId, id), { headers: noStore });
}

async function assertMayChangeReplay(db: Db, principal: Principal, id: string): Promise<void> {
  const row = await getReplayRow(db, principal.project.id, id);
  if (!mayChange(principal, row.createdById)) throw new AppError('FORBIDDEN', 'Only an admin or the editor who started this replay may change it');
}

/** POST /api/v1/replays/:id/cancel: the worker stops within a second or two; answers the replay. */
export async function cancelReplayResponse(db: Db, principal: Principal, id: string): Promise<Response> {
  await assertMayChangeReplay(db, principal, id);
  await cancelReplay(db, principal.project.id, id, principal);
  return Response.json(await getReplay(db, principal.project.id, id), { headers: noStore });
}

/** POST /api/v1/replays/:id/retry: the errored (or never generated) turns are generated again. */
export async function retryReplayResponse(db: Db, principal: Principal, id: string, env: Env): Promise<Response> {
  await assertMayChangeReplay(db, principal, id);
  const { reopened } = await retryReplay(db, principal.project.id, id, env, principal);
  return Response.json({ id, status: 'queued', reopened }, { status: 202, headers: { location: `/api/v1/replays/${id}` } });
}

/** POST /api/v1/replays/:id/rescore: a replay whose new version was made but whose scoring failed is scored again (nothing is generated). */
export async function rescoreReplayResponse(db: Db, principal: Principal, id: string, env: Env): Promise<Response> {
  await assertMayChangeReplay(db, principal, id);
  const { runId } = await rescoreReplay(db, principal.project.id, id, env, principal);
  return Response.json({ ...(await getReplay(db, principal.project.id, id)), runId }, { status: 202, headers: { ...noStore, location: `/api/v1/runs/${runId}` } });
}
