import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { llmJudgeRefusal } from '@/lib/metrics/llm-judge-refusal';
import { startApiServer } from './helpers/api-server';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { cliEnv, turnwiseInProcess } from './helpers/turnwise-cli';

/*
 * One pair, one refusal: goal accuracy (a metric only an LLM judge can score) with the offline
 * judge is refused before anything is spent, in the same sentence, by every way work starts over
 * the REST API and the CLI: a run, a replay that will score its new version, an online rule.
 * The replay's target is a scripted model on 127.0.0.1 that must never be called.
 */

const REFUSAL = llmJudgeRefusal(['goal_accuracy']);
const BASE = 'http://localhost/api/v1';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'turnwise-refusal-'));
const conversations = [
  {
    external_id: 'refund',
    turns: [
      { role: 'user', content: 'Can I return my headphones?' },
      { role: 'assistant', content: 'Yes, within 30 days.' },
    ],
  },
];

let server: { stop(): Promise<void> } | undefined;
let target: JudgeServer;
let datasetId = '';
let routes: {
  datasets: typeof import('../app/api/v1/datasets/route');
  runs: typeof import('../app/api/v1/runs/route');
  replays: typeof import('../app/api/v1/replays/route');
  estimate: typeof import('../app/api/v1/replays/estimate/route');
  rules: typeof import('../app/api/v1/online-rules/route');
};

beforeAll(async () => {
  target = await startJudgeServer({ handler: () => ({ content: 'A new reply.' }) });
  server = await startApiServer();
  routes = {
    datasets: await import('../app/api/v1/datasets/route'),
    runs: await import('../app/api/v1/runs/route'),
    replays: await import('../app/api/v1/replays/route'),
    estimate: await import('../app/api/v1/replays/estimate/route'),
    rules: await import('../app/api/v1/online-rules/route'),
  };
  const form = new FormData();
  form.append('name', 'support');
  form.append('file', new Blob([JSON.stringify(conversations)], { type: 'application/json' }), 'support.json');
  const created = await routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: form }));
  datasetId = ((await created.json()) as { id: string }).id;
});
afterAll(async () => {
  await server?.stop();
  await target?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const post = (route: { POST(r: Request): Promise<Response> }, at: string, body: unknown) =>
  route.POST(new Request(`${BASE}${at}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

async function refusedWith(response: Response, field: string): Promise<void> {
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: unknown }).error).toMatchObject({ code: 'BAD_INPUT', message: REFUSAL, field });
}

const replayRequest = () => ({
  datasetId,
  target: { kind: 'openai', baseUrl: target.url, model: 'new-model' },
  modelVersion: 'v2',
  evaluate: { metrics: ['goal_accuracy'], judge: { kind: 'offline' } },
});

describe('an LLM-only metric with the offline judge', () => {
  it('is refused by the REST API for a run, a replay that scores (and its estimate) and an online rule, in one sentence, before anything is stored or called', async () => {
    const db = getDb();
    // The dataset as a live one (what an OpenTelemetry service's traces feed), for the rule to name.
    await db.liveDataset.create({ data: { projectId: 'default', service: 'support-bot', datasetId } });
    await refusedWith(await post(routes.runs, '/runs', { datasetId, metrics: ['goal_accuracy'], judge: { kind: 'offline' } }), 'metrics');
    await refusedWith(await post(routes.replays, '/replays', replayRequest()), 'evaluate.metrics');
    await refusedWith(await post(routes.estimate, '/replays/estimate', replayRequest()), 'evaluate.metrics');
    await refusedWith(await post(routes.rules, '/online-rules', { name: 'prod', datasetIds: [datasetId], metrics: [{ name: 'goal_accuracy' }], judge: { kind: 'offline' }, sampleRate: 100 }), 'metrics');
    expect(await db.run.count()).toBe(0);
    expect(await db.replay.count()).toBe(0);
    expect(await db.onlineRule.count()).toBe(0);
    expect(target.requests).toHaveLength(0);
  });

  it('is refused by the CLI’s eval and replay with the same sentence, exit 2, before anything is stored or called', async () => {
    const file = path.join(tmp, 'support.json');
    writeFileSync(file, JSON.stringify(conversations));
    const env = cliEnv({ DATABASE_URL: process.env.DATABASE_URL! });
    const evaluated = await turnwiseInProcess(['eval', file, '--metrics', 'goal_accuracy', '--judge', 'offline'], env);
    expect(evaluated.code).toBe(2);
    expect(evaluated.stderr).toBe(`turnwise: ${REFUSAL}\n`);
    const replayed = await turnwiseInProcess(
      ['replay', datasetId, '--target-base-url', target.url, '--model', 'new-model', '--model-version', 'v2', '--metrics', 'goal_accuracy', '--judge', 'offline'],
      env,
    );
    expect(replayed.code).toBe(2);
    expect(replayed.stderr).toBe(`turnwise: ${REFUSAL}\n`);
    expect(await getDb().replay.count()).toBe(0);
    expect(await getDb().run.count()).toBe(0);
    expect(target.requests).toHaveLength(0);
  });
});
