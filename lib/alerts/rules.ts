import type { z } from 'zod';
import { recordAudit } from '../auth/audit';
import { lastFour } from '../auth/secret-box';
import type { Db } from '../db/db-types';
import { datasetExists, getRunForBaseline } from '../db/queries/alerts/alert-facts';
import {
  deleteAlertRule,
  findAlertRuleByName,
  getAlertRule,
  getAlertRuleSecrets,
  insertAlertRule,
  updateAlertRuleIfUnchanged,
  type AlertRuleData,
  type AlertRuleRow,
  type SealedDestination,
} from '../db/queries/alerts/alert-rules';
import { getCustomMetric } from '../db/queries/custom-metrics/custom-metrics';
import { getOnlineRule } from '../db/queries/online/online-rules';
import { notFound } from '../db/not-found';
import { AppError } from '../errors';
import { fieldOf } from '../http/errors';
import type { Principal } from '../identity/principal';
import { mayChange } from '../identity/roles';
import { assertEgressAllowed } from '../llm/egress';
import { isBuiltInMetric } from '../metrics/registry';
import { hasCredentials, registerSecret } from '../redact-secrets';
import { destinationPolicy, sealText, urlHint, type UrlSetBy } from './destination';
import { alertRuleInputSchema, conditionProblem, type AlertCondition, type AlertRuleInput } from './rule-input';

type Env = Record<string, string | undefined>;

/** The first issue of a failed parse as a BAD_INPUT naming its field ("condition.value"). */
function badInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = fieldOf(issue?.path ?? []);
  return new AppError('BAD_INPUT', field ? `${field}: ${issue.message}` : (issue?.message ?? 'Invalid alert rule'), field ? { field } : {});
}

const bad = (field: string, message: string) => new AppError('BAD_INPUT', `${field}: ${message}`, { field });

/** Who set a URL: an admin (or the operator, with no principal), else an editor. */
const setByOf = (principal: Principal | null): UrlSetBy => (principal === null || principal.role === 'admin' ? 'admin' : 'editor');

/** The condition against what this server has: the dataset, the online rule and its metrics and caps, the baseline run, the metric. */
async function checkCondition(db: Db, projectId: string, condition: AlertCondition): Promise<void> {
  const problem = conditionProblem(condition);
  if (problem) throw bad(problem.field, problem.message);
  if ('datasetId' in condition && condition.datasetId && !(await datasetExists(db, projectId, condition.datasetId))) throw bad('condition.datasetId', `no dataset has the id "${condition.datasetId}"`);
  if (condition.kind === 'run_result') {
    if (condition.metric && !isBuiltInMetric(condition.metric) && !(await getCustomMetric(db, projectId, condition.metric))) {
      throw bad('condition.metric', `"${condition.metric}" is neither a built-in metric nor a custom one`);
    }
    if (condition.baselineRunId) {
      const run = await getRunForBaseline(db, projectId, condition.baselineRunId);
      if (!run) throw bad('condition.baselineRunId', `no run has the id "${condition.baselineRunId}"`);
      if (run.status !== 'completed' && run.status !== 'completed_with_errors') throw bad('condition.baselineRunId', `run ${run.id} is ${run.status.replace(/_/g, ' ')}: a baseline is a completed run`);
    }
  }
  if ((condition.kind === 'online_window' || condition.kind === 'judge_cost') && condition.onlineRuleId) {
    const online = await getOnlineRule(db, projectId, condition.onlineRuleId);
    if (!online) throw bad('condition.onlineRuleId', `no online rule has the id "${condition.onlineRuleId}"`);
    if (condition.kind === 'online_window' && !online.metrics.some((m) => m.name === condition.metric)) {
      throw bad('condition.metric', `online rule "${online.name}" does not score ${condition.metric} (it scores ${online.metrics.map((m) => m.name).join(', ')})`);
    }
    if (condition.kind === 'judge_cost' && online.dailyCapUsd === null && online.dailyCapCalls === null && online.dailyCapTokens === null) {
      throw bad('condition.onlineRuleId', `online rule "${online.name}" has no daily cap to reach: give it one, or watch the instance's spend`);
    }
  }
}

/** A destination URL: http(s), no user or password in it, and reachable under the egress policy of whoever sets it. */
async function checkUrl(db: Db, url: string, setBy: UrlSetBy, env: Env): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad('destination.url', 'not a URL: give the full address, https://…');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw bad('destination.url', 'an http or https URL');
  if (hasCredentials(url)) throw bad('destination.url', 'a URL may not carry a user or password: use the signing secret');
  await assertEgressAllowed(url, await destinationPolicy(db, setBy, env), 'destination.url');
}

/**
 * The destination to store: a new URL (sealed, and set by this principal) or the stored one, a
 * new secret, the stored one or none. A stored secret stays only with the origin it was given for.
 */
async function sealDestination(db: Db, input: AlertRuleInput, principal: Principal | null, env: Env, stored: { urlCipher: string; urlHint: string; secretCipher: string | null } | null): Promise<SealedDestination & { urlCipher: string }> {
  const { destination } = input;
  const url = destination.url || null;
  if (!url && !stored) throw bad('destination.url', 'enter the URL alerts are posted to');
  const secret = destination.secret || null;
  if (destination.kind === 'slack' && secret) throw bad('destination.secret', "Slack's incoming webhooks are not signed: leave the secret empty (the URL itself is the credential)");
  const sealed: SealedDestination & { urlCipher: string } = { urlCipher: stored?.urlCipher ?? '' };
  if (url) {
    const setBy = setByOf(principal);
    await checkUrl(db, url, setBy, env);
    registerSecret(url);
    const movedOrigin = stored !== null && new URL(url).origin !== stored.urlHint.replace(/\/….*$/, '');
    if (movedOrigin && stored.secretCipher && !secret && !destination.clearSecret && destination.kind === 'webhook') {
      throw bad('destination.secret', 'the URL goes to another origin: enter the signing secret again (a stored secret is used only where it was given for), or remove it');
    }
    Object.assign(sealed, { urlCipher: sealText(url, env), urlHint: urlHint(url), urlSetBy: setBy });
  }
  if (secret) {
    registerSecret(secret);
    Object.assign(sealed, { secretCipher: sealText(secret, env), secretLastFour: lastFour(secret) });
  } else if (destination.clearSecret || destination.kind === 'slack') Object.assign(sealed, { secretCipher: null, secretLastFour: null });
  return sealed;
}

async function checkedInput(db: Db, projectId: string, body: unknown, id?: string): Promise<AlertRuleInput> {
  const parsed = alertRuleInputSchema.safeParse(body);
  if (!parsed.success) throw badInput(parsed.error);
  const input = parsed.data;
  await checkCondition(db, projectId, input.condition);
  const same = await findAlertRuleByName(db, projectId, input.name);
  if (same && same.id !== id) throw new AppError('CONFLICT', `name: an alert rule named "${input.name}" exists already`, { field: 'name' });
  return input;
}

const dataOf = (input: AlertRuleInput): AlertRuleData => ({
  name: input.name,
  kind: input.condition.kind,
  condition: input.condition,
  destinationKind: input.destination.kind,
  notifyResolved: input.notifyResolved,
  enabled: input.enabled,
});

/** The fields of a rule a user sets, as the form edits them and a PATCH starts from (the destination's URL and secret are never read back). */
export function editableOf(rule: AlertRuleRow): Omit<AlertRuleInput, 'destination'> & { destination: { kind: 'webhook' | 'slack' } } {
  return {
    name: rule.name,
    condition: rule.condition as AlertCondition,
    destination: { kind: rule.destinationKind === 'slack' ? 'slack' : 'webhook' },
    notifyResolved: rule.notifyResolved,
    enabled: rule.enabled,
  };
}

export async function getAlert(db: Db, projectId: string, id: string): Promise<AlertRuleRow> {
  const rule = await getAlertRule(db, projectId, id);
  if (!rule) throw notFound('Alert rule', id);
  return rule;
}

export async function createAlert(db: Db, principal: Principal, body: unknown, env: Env): Promise<AlertRuleRow> {
  const input = await checkedInput(db, principal.project.id, body);
  const sealed = await sealDestination(db, input, principal, env, null);
  const rule = await insertAlertRule(db, principal.project.id, { ...dataOf(input), ...sealed, urlHint: sealed.urlHint!, urlSetBy: sealed.urlSetBy! }, principal.via === 'session' || principal.via === 'api-key' ? principal.id : null);
  await recordAudit(db, principal, 'alert.create', rule.id, `${rule.name}: ${rule.kind} → ${rule.destinationKind} ${rule.urlHint}`);
  return rule;
}

export function assertMayChangeAlert(principal: Principal, rule: Pick<AlertRuleRow, 'createdById'>): void {
  if (!mayChange(principal, rule.createdById)) throw new AppError('FORBIDDEN', 'Only an admin or the editor who made this alert rule may change it');
}

/**
 * Applies the fields of `body` over the stored rule (a partial change: {"enabled": false} pauses
 * it; a destination without a url keeps the stored URL, without a secret the stored secret).
 */
export async function updateAlert(db: Db, principal: Principal, id: string, body: unknown, env: Env): Promise<AlertRuleRow> {
  const rule = await getAlert(db, principal.project.id, id);
  assertMayChangeAlert(principal, rule);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('BAD_INPUT', 'The body must be a JSON object of the fields to change', { field: 'body' });
  const change = body as Record<string, unknown>;
  const stored = await getAlertRuleSecrets(db, principal.project.id, id);
  if (!stored) throw notFound('Alert rule', id);
  const editable = editableOf(rule);
  const destination = change.destination && typeof change.destination === 'object' ? { ...editable.destination, ...change.destination } : editable.destination;
  const input = await checkedInput(db, principal.project.id, { ...editable, ...change, destination }, id);
  const sealed = await sealDestination(db, input, principal, env, stored);
  const updated = await updateAlertRuleIfUnchanged(db, { projectId: principal.project.id, id, urlCipher: stored.urlCipher, secretCipher: stored.secretCipher }, { ...dataOf(input), ...sealed });
  if (!updated) throw new AppError('CONFLICT', 'The alert rule was changed or deleted meanwhile: reload the page and edit it again.');
  await recordAudit(db, principal, 'alert.update', id, `${updated.name}: ${Object.keys(change).join(', ')}`);
  return updated;
}

export async function deleteAlert(db: Db, principal: Principal, id: string): Promise<void> {
  const rule = await getAlert(db, principal.project.id, id);
  assertMayChangeAlert(principal, rule);
  await deleteAlertRule(db, principal.project.id, id);
  await recordAudit(db, principal, 'alert.delete', id, rule.name);
}
