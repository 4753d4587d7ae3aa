import type { z } from 'zod';
import { recordAudit } from '../auth/audit';
import type { Principal } from '../identity/principal';
import { loadJudgeConfigWithConnections } from '../connections/judge-config-with-connections';
import type { Db } from '../db/db-types';
import {
  createOnlineRule,
  deleteOnlineRule,
  findOnlineRuleByName,
  getOnlineRule,
  listLiveDatasets,
  updateOnlineRule,
  type OnlineRuleData,
  type OnlineRuleRow,
} from '../db/queries/online/online-rules';
import { notFound } from '../db/not-found';
import { AppError } from '../errors';
import { fieldOf } from '../http/errors';
import { mayChange } from '../identity/roles';
import { refuseLlmOnlyMetricsOnOffline } from '../metrics/needs-llm-judge';
import { resolveMetrics } from '../runs/request/resolve-metrics';
import { resolveRunJudge } from '../connections/judge-selection';
import { onlineRuleInputSchema, type OnlineRuleInput } from './rule-input';
import { uncappedSpend } from './spend-caps';

type Env = Record<string, string | undefined>;

/** The first issue of a failed parse as a BAD_INPUT naming its field ("metrics.0.options.threshold"). */
function badInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = fieldOf(issue?.path ?? []);
  return new AppError('BAD_INPUT', field ? `${field}: ${issue.message}` : (issue?.message ?? 'Invalid rule'), field ? { field } : {});
}

/** Parses and checks a rule against what this server has: live datasets, metrics, judges. */
async function checkedRule(db: Db, projectId: string, body: unknown, env: Env, id?: string): Promise<OnlineRuleData> {
  const parsed = onlineRuleInputSchema.safeParse(body);
  if (!parsed.success) throw badInput(parsed.error);
  const input: OnlineRuleInput = parsed.data;
  const live = new Set((await listLiveDatasets(db, projectId, input.datasetIds)).map((l) => l.datasetId));
  input.datasetIds.forEach((datasetId, i) => {
    if (!live.has(datasetId)) throw new AppError('BAD_INPUT', `datasetIds.${i}: "${datasetId}" is not a live (OpenTelemetry) dataset`, { field: `datasetIds.${i}` });
  });
  const judge = resolveRunJudge(input.judge, await loadJudgeConfigWithConnections(db, projectId, env));
  const metrics = await resolveMetrics(db, projectId, input.metrics);
  refuseLlmOnlyMetricsOnOffline(judge.judgeKind, metrics);
  const uncapped = uncappedSpend({ ...input, judgeKind: judge.judgeKind, judgeModel: judge.judgeModel });
  if (uncapped) throw new AppError('BAD_INPUT', uncapped, { field: 'dailyCapCalls' });
  const same = await findOnlineRuleByName(db, projectId, input.name);
  if (same && same.id !== id) throw new AppError('CONFLICT', `A rule named "${input.name}" exists already`, { field: 'name' });
  return input;
}

/** The fields of a rule a user sets (what the form edits and a PATCH changes). */
export function editableOf(rule: OnlineRuleRow): OnlineRuleData {
  const { name, datasetIds, metrics, judge, sampleRate, idleMinutes, dailyCapUsd, dailyCapCalls, dailyCapTokens, versionAttribute, enabled } = rule;
  return { name, datasetIds, metrics, judge, sampleRate, idleMinutes, dailyCapUsd, dailyCapCalls, dailyCapTokens, versionAttribute, enabled };
}

export async function getRule(db: Db, projectId: string, id: string): Promise<OnlineRuleRow> {
  const rule = await getOnlineRule(db, projectId, id);
  if (!rule) throw notFound('Online rule', id);
  return rule;
}

export async function createRule(db: Db, principal: Principal, body: unknown, env: Env): Promise<OnlineRuleRow> {
  const data = await checkedRule(db, principal.project.id, body, env);
  const rule = await createOnlineRule(db, principal.project.id, data, principal.via === 'session' || principal.via === 'api-key' ? principal.id : null);
  await recordAudit(db, principal, 'online-rule.create', rule.id, rule.name);
  return rule;
}

function assertMayChange(principal: Principal, rule: OnlineRuleRow): void {
  if (!mayChange(principal, rule.createdById)) throw new AppError('FORBIDDEN', 'Only an admin or the editor who made this rule may change it');
}

/** Applies the fields of `body` over the stored rule (a partial change: {"enabled": false} pauses it). */
export async function updateRule(db: Db, principal: Principal, id: string, body: unknown, env: Env): Promise<OnlineRuleRow> {
  const rule = await getRule(db, principal.project.id, id);
  assertMayChange(principal, rule);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('BAD_INPUT', 'The body must be a JSON object of the fields to change', { field: 'body' });
  const data = await checkedRule(db, principal.project.id, { ...editableOf(rule), ...(body as object) }, env, id);
  const updated = await updateOnlineRule(db, principal.project.id, id, data);
  const what = Object.keys(body as object).join(', ');
  await recordAudit(db, principal, 'online-rule.update', id, `${updated.name}: ${what}`);
  return updated;
}

export async function deleteRule(db: Db, principal: Principal, id: string): Promise<void> {
  const rule = await getRule(db, principal.project.id, id);
  assertMayChange(principal, rule);
  await deleteOnlineRule(db, principal.project.id, id);
  await recordAudit(db, principal, 'online-rule.delete', id, rule.name);
}
