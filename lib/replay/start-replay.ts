import { recordAudit } from '../auth/audit';
import { loadJudgeConfigWithConnections } from '../connections/judge-config-with-connections';
import { getDataset } from '../db/queries/datasets/get-dataset';
import type { Db } from '../db/db-types';
import { createReplay } from '../db/queries/replays/create-replay';
import { getDatabaseUrl, providerOf } from '../db/url';
import { AppError } from '../errors';
import { ownerIdOf, type Principal } from '../identity/principal';
import { defaultJudgeSelection, type JudgeSelection } from '../judge/config';
import { refuseLlmOnlyMetricsOnOffline } from '../metrics/needs-llm-judge';
import { resolveMetrics } from '../runs/request/resolve-metrics';
import { resolveRunJudge } from '../connections/judge-selection';
import { failReplay } from './lifecycle/close-replay';
import { evaluateRunRequest } from './lifecycle/evaluate-request';
import { wakeWorkers } from '../jobs/worker-manager';
import { REPLAY_JOBS } from './replay-jobs';
import { enqueueReplayChunks } from './replay-queue';
import { replayRequestSchema, storedTargetOf, type ReplayRequest, type ReplayRequestInput } from './replay-request';
import { assertEgressAllowed } from '../llm/egress';
import { createTarget, targetEgressPolicy, typedUrlOf, type UrlSetBy } from './targets/create-target';

type Env = Record<string, string | undefined>;

/** The zod issue of a bad request as an AppError naming its field ("target.baseUrl"). */
export function parseReplayRequest(input: unknown): ReplayRequest {
  const parsed = replayRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  let path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) path = [...path, issue.keys[0]];
  const field = path.join('.');
  throw new AppError('BAD_INPUT', field ? `${field}: ${issue.message}` : issue.message, field ? { field } : {});
}

/** Who set a replay's URLs: an admin, or the operator (no principal: the CLI), else an editor. */
export const urlSetByOf = (principal: Principal | null): UrlSetBy => (principal === null || principal.role === 'admin' ? 'admin' : 'editor');

/**
 * Everything a replay needs that can be checked before it starts: the dataset, the target's
 * URL against the egress policy of whoever set it (a 400 naming target.baseUrl or target.url,
 * the address and the setting, before any request), its key or connection (read, never sent),
 * the fit judge of on-policy mode, the evaluation's metrics and judge. Shared by startReplay and
 * estimateReplay.
 */
export async function checkReplay(db: Db, projectId: string, request: ReplayRequest, env: Env, setBy: UrlSetBy): Promise<{ judge: JudgeSelection | null; dataset: Awaited<ReturnType<typeof getDataset>> }> {
  const dataset = await getDataset(db, projectId, request.datasetId);
  const typed = typedUrlOf(request.target);
  if (typed) await assertEgressAllowed(typed.url, await targetEgressPolicy(db, request.target, env, setBy), typed.field);
  await createTarget(db, projectId, request.target, env, { setBy });
  const config = await loadJudgeConfigWithConnections(db, projectId, env);
  let judge: JudgeSelection | null = null;
  if (request.mode === 'on-policy' || request.mode === 'simulated-user') {
    judge = request.judge ?? request.evaluate?.judge ?? defaultJudgeSelection(config);
    if (judge.kind === 'offline') {
      const why = request.mode === 'on-policy' ? 'on-policy mode needs an OpenAI-compatible judge to check that each next user turn still fits' : 'simulated-user mode needs an OpenAI-compatible judge to play the user';
      throw new AppError('BAD_INPUT', `judge: ${why} (the offline judge cannot)`, { field: 'judge' });
    }
    resolveRunJudge(judge, config);
  }
  if (request.evaluate) {
    const run = await evaluateRunRequest(db, projectId, request.evaluate, dataset.id, dataset.id, request.modelVersion);
    let checked: { judgeKind: string; metrics: Awaited<ReturnType<typeof resolveMetrics>> };
    try {
      checked = { judgeKind: resolveRunJudge(run.judge, config).judgeKind, metrics: await resolveMetrics(db, projectId, run.metrics) };
    } catch (error) {
      const e = error as AppError;
      if (e.code === 'BAD_INPUT' && typeof e.details?.field === 'string') throw new AppError('BAD_INPUT', `evaluate.${e.message}`, { field: `evaluate.${e.details.field}` });
      throw error;
    }
    // Refused now, before a single target call, in the words a run uses: a replay that generated
    // every turn and only then found its metrics unscorable would hide its work.
    refuseLlmOnlyMetricsOnOffline(checked.judgeKind, checked.metrics, 'evaluate.metrics');
  }
  return { judge, dataset };
}

/**
 * A replay request checked as startReplay checks it, egress policy of whoever asks included,
 * with nothing stored, generated or sent: what a schedule is saved after.
 */
export async function checkReplayRequest(db: Db, projectId: string, input: unknown, principal: Principal | null, env: Env = process.env): Promise<ReplayRequest> {
  const request = parseReplayRequest(input);
  await checkReplay(db, projectId, request, env, urlSetByOf(principal));
  return request;
}

/**
 * Starts a replay: checks it, stores it queued with one work item per assistant turn (simulated-user:
 * per exchange up to maxTurns), and hands
 * it to the worker (pg-boss chunk jobs on PostgreSQL; the SQLite worker finds it at its next
 * poll, this process's at once). Nothing is generated here.
 */
export async function startReplay(db: Db, projectId: string, input: ReplayRequestInput | unknown, principal: Principal | null, env: Env = process.env): Promise<{ id: string; totalItems: number }> {
  const request = parseReplayRequest(input);
  const setBy = urlSetByOf(principal);
  const { judge, dataset } = await checkReplay(db, projectId, request, env, setBy);
  const { target } = request;
  const common = { concurrency: request.concurrency, samples: request.samples, urlSetBy: setBy, ...(request.mode === 'simulated-user' ? { maxTurns: request.maxTurns } : {}) };
  const parameters =
    target.kind === 'http'
      ? { ...common, timeoutMs: target.timeoutMs }
      : { ...common, model: target.model, systemPrompt: target.systemPrompt ?? null, temperature: target.temperature ?? null, maxTokens: target.maxTokens ?? null, extraBody: target.extraBody ?? null };
  const replay = await createReplay(db, {
    projectId,
    sourceDatasetId: dataset.id,
    mode: request.mode,
    targetKind: target.kind,
    target: storedTargetOf(target),
    parameters,
    modelVersion: request.modelVersion,
    judge: judge ? { ...judge } : null,
    evaluate: request.evaluate ? { ...request.evaluate } : null,
    createdById: ownerIdOf(principal),
    simulatedTurns: request.mode === 'simulated-user' ? request.maxTurns : null,
  });
  if (replay.totalItems === 0) {
    const what = request.mode === 'simulated-user' ? 'no conversation with a scenario for the simulated user to play' : 'no assistant turns to regenerate';
    await failReplay(db, replay.id, `The dataset has ${what}`);
    throw new AppError('BAD_INPUT', `datasetId: the dataset has ${what}`, { field: 'datasetId' });
  }
  const url = getDatabaseUrl(env as NodeJS.ProcessEnv);
  if (providerOf(url) === 'postgres') {
    try {
      await enqueueReplayChunks(url, { id: replay.id, conversations: dataset.conversationCount }, env);
    } catch (error) {
      await failReplay(db, replay.id, `Could not queue the replay: ${(error as Error).message}`);
      throw error;
    }
  }
  wakeWorkers(REPLAY_JOBS);
  if (principal) {
    const what = target.kind === 'http' ? `the app at ${target.url}` : `model ${target.model}`;
    await recordAudit(db, principal, 'replay.start', replay.id, `${request.mode} replay of dataset ${dataset.id} with ${what} as ${request.modelVersion}`);
  }
  return replay;
}
