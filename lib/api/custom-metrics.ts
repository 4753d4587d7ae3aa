import 'server-only';
import type { Principal } from '../identity/principal';
import { customMetricJudge } from '../custom-metrics/metric-judge';
import { saveCustomMetric } from '../custom-metrics/save-custom-metric';
import { listCustomMetrics, listCustomMetricVersions, type StoredCustomMetric } from '../db/queries/custom-metrics/custom-metrics';
import type { Db } from '../db/db-types';
import { notFound } from '../db/not-found';
import { AppError } from '../errors';
import { readJsonBody, requestLimits } from '../http/limits';
import { judgeSelectionSchema } from '../judge/config';

const NO_STORE = { 'cache-control': 'no-store' };

const view = (m: StoredCustomMetric) => ({
  name: m.name,
  version: m.version,
  scope: m.scope,
  definition: m.definition,
  stepsWrittenByJudge: m.stepsWritten,
  createdAt: m.createdAt.toISOString(),
  createdBy: m.createdBy,
  ownerId: m.ownerId,
});

/**
 * POST /api/v1/metrics: a custom metric's definition (optionally with `judge`, the judge that
 * writes its evaluation steps when it lists none). Answers 201 with the new version, or 200 with
 * the newest one when the definition is unchanged.
 */
export async function createCustomMetricResponse(db: Db, request: Request, principal: Principal, env: Record<string, string | undefined>): Promise<Response> {
  const body = await readJsonBody(request, requestLimits(env).jsonBodyBytes);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('BAD_INPUT', 'The body is a metric definition: {"name": "refund_policy", "scope": "conversation", "criteria": "…"}', { field: 'body' });
  }
  const { judge: judgeInput, ...definition } = body as Record<string, unknown>;
  const selection = judgeInput === undefined ? undefined : judgeSelectionSchema.safeParse(judgeInput);
  if (selection && !selection.success) {
    throw new AppError('BAD_INPUT', 'judge: give { "kind": "offline" } or { "kind": "openai", "name"?, "model"? }', { field: 'judge' });
  }
  const { metric, created } = await saveCustomMetric(db, principal.project.id, definition, {
    judge: async () => (await customMetricJudge(db, principal.project.id, selection?.data, env)).judge,
    createdBy: principal.email,
    principal,
  });
  return Response.json({ ...view(metric), created }, { status: created ? 201 : 200, headers: { ...NO_STORE, location: `/api/v1/metrics/${metric.name}` } });
}

/** GET /api/v1/metrics: every custom metric at its newest version. */
export async function listCustomMetricsResponse(db: Db, projectId: string): Promise<Response> {
  const items = await listCustomMetrics(db, projectId);
  return Response.json({ items: items.map((m) => ({ ...view(m), versions: m.versions })) }, { headers: NO_STORE });
}

/** GET /api/v1/metrics/:name: every version of one custom metric, newest first. */
export async function getCustomMetricResponse(db: Db, projectId: string, name: string): Promise<Response> {
  const versions = await listCustomMetricVersions(db, projectId, name);
  if (versions.length === 0) throw notFound('Metric', name);
  return Response.json({ name, versions: versions.map(view) }, { headers: NO_STORE });
}
