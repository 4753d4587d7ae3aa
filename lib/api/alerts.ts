import 'server-only';
import { listAlertEvents } from '../db/queries/alerts/alert-events';
import { listAlertRules, type AlertRuleRow } from '../db/queries/alerts/alert-rules';
import { listAlertStates } from '../db/queries/alerts/alert-states';
import type { Db } from '../db/db-types';
import { readJsonBody, requestLimits } from '../http/limits';
import type { Principal } from '../identity/principal';
import { createAlert, deleteAlert, getAlert, updateAlert } from '../alerts/rules';
import { sendTestAlert } from '../alerts/send-test';

type Env = Record<string, string | undefined>;
const noStore = { 'cache-control': 'no-store' };

/** A rule as the API answers it: its destination by kind, origin and last four characters (the URL and the secret are never read back). */
function ruleBody(rule: AlertRuleRow) {
  const { createdById: _by, projectId: _project, urlHint, secretLastFour, destinationKind, ...rest } = rule;
  return { ...rest, destination: { kind: destinationKind, url: urlHint, signed: secretLastFour !== null, secretLastFour } };
}

/** GET /api/v1/alerts */
export async function listAlertsResponse(db: Db, projectId: string): Promise<Response> {
  return Response.json({ items: (await listAlertRules(db, projectId)).map(ruleBody) }, { headers: noStore });
}

/** POST /api/v1/alerts: 201 with the rule. */
export async function createAlertResponse(db: Db, principal: Principal, request: Request, env: Env): Promise<Response> {
  const body = await readJsonBody(request, requestLimits(env).jsonBodyBytes);
  const rule = await createAlert(db, principal, body, env);
  return Response.json(ruleBody(rule), { status: 201, headers: { location: `/api/v1/alerts/${rule.id}` } });
}

/** GET /api/v1/alerts/:id: the rule, where each scope stands, and its history (newest first). */
export async function getAlertResponse(db: Db, projectId: string, id: string): Promise<Response> {
  const rule = await getAlert(db, projectId, id);
  const [states, history] = await Promise.all([listAlertStates(db, id), listAlertEvents(db, id, 100)]);
  return Response.json(
    {
      ...ruleBody(rule),
      states: states.map(({ id: _id, ruleId: _rule, ...s }) => s),
      history: history.map(({ ruleId: _rule, key: _key, ...e }) => e),
    },
    { headers: noStore },
  );
}

/** PATCH /api/v1/alerts/:id: the fields given change; {"enabled": false} pauses the rule. */
export async function updateAlertResponse(db: Db, principal: Principal, id: string, request: Request, env: Env): Promise<Response> {
  const body = await readJsonBody(request, requestLimits(env).jsonBodyBytes);
  return Response.json(ruleBody(await updateAlert(db, principal, id, body, env)), { headers: noStore });
}

/** DELETE /api/v1/alerts/:id: the rule goes, with its history. */
export async function deleteAlertResponse(db: Db, principal: Principal, id: string): Promise<Response> {
  await deleteAlert(db, principal, id);
  return new Response(null, { status: 204 });
}

/** POST /api/v1/alerts/:id/test: one test alert sent now; how it went. */
export async function testAlertResponse(db: Db, principal: Principal, id: string, env: Env): Promise<Response> {
  return Response.json(await sendTestAlert(db, principal, id, env), { headers: noStore });
}
