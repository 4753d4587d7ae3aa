import 'server-only';
import type { Principal } from '../identity/principal';
import type { Db } from '../db/db-types';
import { listOnlineRules, type OnlineRuleRow } from '../db/queries/online/online-rules';
import { listOnlineRuns } from '../db/queries/online/online-scores';
import { readJsonBody, requestLimits } from '../http/limits';
import { createRule, deleteRule, getRule, updateRule } from '../online/rules';
import { utcDay } from '../online/sample';

type Env = Record<string, string | undefined>;
const noStore = { 'cache-control': 'no-store' };

/** A rule as the API answers it: `capReached` says scoring is paused until the next UTC day. */
function ruleBody(rule: OnlineRuleRow, now = new Date()) {
  const { capReachedOn, createdById: _by, scannedUntil: _scanned, projectId: _project, ...rest } = rule;
  return { ...rest, capReached: capReachedOn === utcDay(now) };
}

/** GET /api/v1/online-rules */
export async function listOnlineRulesResponse(db: Db, projectId: string): Promise<Response> {
  return Response.json({ items: (await listOnlineRules(db, projectId)).map((r) => ruleBody(r)) }, { headers: noStore });
}

/** POST /api/v1/online-rules: 201 with the rule. */
export async function createOnlineRuleResponse(db: Db, principal: Principal, request: Request, env: Env): Promise<Response> {
  const body = await readJsonBody(request, requestLimits(env).jsonBodyBytes);
  const rule = await createRule(db, principal, body, env);
  return Response.json(ruleBody(rule), { status: 201, headers: { location: `/api/v1/online-rules/${rule.id}` } });
}

/** GET /api/v1/online-rules/:id: the rule and its runs (one per UTC day and model version; superseded results last). */
export async function getOnlineRuleResponse(db: Db, projectId: string, id: string): Promise<Response> {
  const rule = await getRule(db, projectId, id);
  return Response.json({ ...ruleBody(rule), runs: await listOnlineRuns(db, projectId, id) }, { headers: noStore });
}

/** PATCH /api/v1/online-rules/:id: the fields given change; {"enabled": false} pauses the rule. */
export async function updateOnlineRuleResponse(db: Db, principal: Principal, id: string, request: Request, env: Env): Promise<Response> {
  const body = await readJsonBody(request, requestLimits(env).jsonBodyBytes);
  return Response.json(ruleBody(await updateRule(db, principal, id, body, env)), { headers: noStore });
}

/** DELETE /api/v1/online-rules/:id: the rule goes; its runs stay. */
export async function deleteOnlineRuleResponse(db: Db, principal: Principal, id: string): Promise<Response> {
  await deleteRule(db, principal, id);
  return new Response(null, { status: 204 });
}
