import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { startApiServer, waitForRunEnd } from './helpers/api-server';
import { lastUserMessage, startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { waitFor } from './helpers/wait-for';

/* The loop a CI job runs over the REST API: recorded dataset → baseline run → replay with a new model → run → compare. */

type Routes = {
  datasets: typeof import('../app/api/v1/datasets/route');
  runs: typeof import('../app/api/v1/runs/route');
  run: typeof import('../app/api/v1/runs/[id]/route');
  replays: typeof import('../app/api/v1/replays/route');
  replay: typeof import('../app/api/v1/replays/[id]/route');
  cancel: typeof import('../app/api/v1/replays/[id]/cancel/route');
  retry: typeof import('../app/api/v1/replays/[id]/retry/route');
  rescore: typeof import('../app/api/v1/replays/[id]/rescore/route');
  estimate: typeof import('../app/api/v1/replays/estimate/route');
  compare: typeof import('../app/api/v1/compare/route');
};
let routes: Routes;
let server: { stop(): Promise<void> } | undefined;
let model: JudgeServer;

beforeAll(async () => {
  model = await startJudgeServer({ handler: (body) => ({ content: `The new model answers: ${lastUserMessage(body)}` }) });
  server = await startApiServer(model.url);
  routes = {
    datasets: await import('../app/api/v1/datasets/route'),
    runs: await import('../app/api/v1/runs/route'),
    run: await import('../app/api/v1/runs/[id]/route'),
    replays: await import('../app/api/v1/replays/route'),
    replay: await import('../app/api/v1/replays/[id]/route'),
    cancel: await import('../app/api/v1/replays/[id]/cancel/route'),
    retry: await import('../app/api/v1/replays/[id]/retry/route'),
    rescore: await import('../app/api/v1/replays/[id]/rescore/route'),
    estimate: await import('../app/api/v1/replays/estimate/route'),
    compare: await import('../app/api/v1/compare/route'),
  };
});
afterAll(async () => {
  await server?.stop();
  await model?.close();
});

const BASE = 'http://localhost/api/v1';
const post = (route: { POST(r: Request): Promise<Response> }, path: string, body: unknown) =>
  route.POST(new Request(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
const withId = (id: string) => ({ params: Promise.resolve({ id }) });

async function upload(): Promise<string> {
  const form = new FormData();
  form.append('name', 'support');
  form.append('modelVersion', 'v1');
  const conversations = ['refund', 'parcel', 'password'].map((topic) => ({
    external_id: topic,
    turns: [
      { role: 'user', content: `Help with my ${topic}` },
      { role: 'assistant', content: `Sure, your ${topic} is handled.` },
      { role: 'user', content: 'Thanks' },
      { role: 'assistant', content: 'You are welcome.' },
    ],
  }));
  form.append('file', new Blob([JSON.stringify(conversations)], { type: 'application/json' }), 'support.json');
  const response = await routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: form }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function replayEnd(id: string): Promise<Record<string, unknown> & { status: string; runId: string | null; datasetId: string | null }> {
  return waitFor(`replay ${id} to end`, async () => {
    const body = (await (await routes.replay.GET(new Request(`${BASE}/replays/${id}`), withId(id))).json()) as Record<string, unknown> & { status: string; runId: string | null; datasetId: string | null };
    return !['queued', 'running', 'finishing'].includes(body.status) && body;
  });
}

describe('POST /api/v1/replays', () => {
  it('replays a dataset with a new model, evaluates it like the baseline run, and compare works on the two runs', async () => {
    const datasetId = await upload();
    const baseline = await post(routes.runs, '/runs', { datasetId, metrics: ['conversation_relevancy'], judge: { kind: 'offline' }, modelVersion: 'v1' });
    const baselineId = ((await baseline.json()) as { id: string }).id;
    expect((await waitForRunEnd((id) => routes.run.GET(new Request(`${BASE}/runs/${id}`), withId(id)), baselineId)).status).toBe('completed');

    const request = { datasetId, target: { kind: 'openai', baseUrl: model.url, model: 'gpt-4.1-mini' }, modelVersion: 'v2', evaluate: { compareWith: baselineId } };
    const estimate = (await (await post(routes.estimate, '/replays/estimate', request)).json()) as { targetCalls: number; targetCostUsd: number; evaluation: { calls: number } };
    expect(estimate.targetCalls).toBe(6);
    expect(estimate.targetCostUsd).toBeGreaterThan(0);
    expect(estimate.evaluation.calls).toBeGreaterThan(0);

    const started = await post(routes.replays, '/replays', request);
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    const replay = await replayEnd(id);
    expect(replay).toMatchObject({ status: 'completed', progress: { done: 6, total: 6, errors: 0 }, compareWith: baselineId });
    expect(replay.runId).toBeTruthy();
    const run = await waitForRunEnd((runId) => routes.run.GET(new Request(`${BASE}/runs/${runId}`), withId(runId)), replay.runId!);
    expect(run.status).toBe('completed');
    const runBody = (await (await routes.run.GET(new Request(`${BASE}/runs/${replay.runId}`), withId(replay.runId!))).json()) as { datasetId: string; modelVersion: string; judge: unknown };
    expect(runBody).toMatchObject({ datasetId: replay.datasetId, modelVersion: 'v2' });

    const compared = await routes.compare.GET(new Request(`${BASE}/compare?baseline=${baselineId}&candidate=${replay.runId}`));
    expect(compared.status).toBe(200);
    const report = (await compared.json()) as { candidates: { metrics: { metric: string; matched?: number }[] }[] };
    expect(JSON.stringify(report)).toContain('conversation_relevancy');

    const list = (await (await routes.replays.GET(new Request(`${BASE}/replays?dataset=${datasetId}`))).json()) as { items: { id: string }[] };
    expect(list.items.map((r) => r.id)).toContain(id);
    // Ended: a cancel is a conflict.
    expect((await routes.cancel.POST(new Request(`${BASE}/replays/${id}/cancel`, { method: 'POST' }), withId(id))).status).toBe(409);
  });

  it('answers 400 naming the field of a bad body', async () => {
    const response = await post(routes.replays, '/replays', { datasetId: 'x', target: { kind: 'http', url: 'not a url' }, modelVersion: 'v2' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'BAD_INPUT', field: 'target.url' } });
    const unknown = await post(routes.replays, '/replays', { datasetId: 'x', target: { kind: 'http', url: 'http://127.0.0.1:1/' }, modelVersion: 'v2', colour: 'red' });
    expect(await unknown.json()).toMatchObject({ error: { field: 'colour' } });
  });

  it('records who started, cancelled and retried a replay in the audit log', async () => {
    const datasetId = await upload();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = await startJudgeServer({ handler: async () => (await held, { content: 'Late answer' }) });
    try {
      const started = await post(routes.replays, '/replays', { datasetId, target: { kind: 'openai', baseUrl: slow.url, model: 'm' }, modelVersion: 'v9' });
      const { id } = (await started.json()) as { id: string };
      // The target answers nothing until released: the replay is still queued or running here.
      expect((await routes.cancel.POST(new Request(`${BASE}/replays/${id}/cancel`, { method: 'POST' }), withId(id))).status).toBe(200);
      release();
      expect((await replayEnd(id)).status).toBe('cancelled');
      expect((await routes.retry.POST(new Request(`${BASE}/replays/${id}/retry`, { method: 'POST' }), withId(id))).status).toBe(202);
      expect((await replayEnd(id)).status).toBe('completed');
      const events = await getDb().auditEvent.findMany({ where: { targetId: id }, orderBy: { createdAt: 'asc' }, select: { action: true, detail: true } });
      expect(events.map((e) => e.action)).toEqual(['replay.start', 'replay.cancel', 'replay.retry']);
      expect(events[0].detail).toContain(`dataset ${datasetId}`);
    } finally {
      release();
      await slow.close();
    }
  });

  it('ends "completed, scoring failed" with the new version linked when its scoring cannot start, and scores it again on request', async () => {
    const datasetId = await upload();
    const db = getDb();
    const scorer = { projectId: 'default', name: 'scorer', baseUrl: model.url, models: ['judge-m'] };
    await db.judgeConnection.create({ data: scorer });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = await startJudgeServer({ handler: async () => (await held, { content: 'A new reply' }) });
    try {
      const started = await post(routes.replays, '/replays', {
        datasetId,
        target: { kind: 'openai', baseUrl: slow.url, model: 'm' },
        modelVersion: 'v3',
        evaluate: { metrics: ['conversation_relevancy'], judge: { kind: 'openai', name: 'scorer', model: 'judge-m' } },
      });
      expect(started.status).toBe(202);
      const { id } = (await started.json()) as { id: string };
      // The judge it was to be scored with goes away while the turns are generated.
      await db.judgeConnection.delete({ where: { projectId_name: { projectId: 'default', name: 'scorer' } } });
      release();
      const ended = await replayEnd(id);
      expect(ended).toMatchObject({ status: 'scoring_failed', runId: null, progress: { done: 6, errors: 0 } });
      expect(ended.datasetId).toBeTruthy();
      expect(ended.error).toMatch(/^Scoring the new version could not start: .*scorer/);
      expect(await db.dataset.findUnique({ where: { id: ended.datasetId! }, select: { modelVersion: true } })).toEqual({ modelVersion: 'v3' });

      // Back again: the version is scored without generating a turn again.
      await db.judgeConnection.create({ data: scorer });
      const calls = slow.requests.length;
      const rescored = await routes.rescore.POST(new Request(`${BASE}/replays/${id}/rescore`, { method: 'POST' }), withId(id));
      expect(rescored.status).toBe(202);
      const body = (await rescored.json()) as { status: string; runId: string; datasetId: string; error: string | null };
      expect(body).toMatchObject({ status: 'completed', datasetId: ended.datasetId, error: null });
      expect((await db.run.findUniqueOrThrow({ where: { id: body.runId }, select: { datasetId: true, judgeName: true } })).datasetId).toBe(ended.datasetId);
      expect(slow.requests.length).toBe(calls);
      // Scored now: a second rescore is a conflict.
      expect((await routes.rescore.POST(new Request(`${BASE}/replays/${id}/rescore`, { method: 'POST' }), withId(id))).status).toBe(409);
    } finally {
      release();
      await slow.close();
    }
  });
});
