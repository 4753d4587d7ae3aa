import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, getDb } from '../lib/db/client';
import { getRunStatus } from '../lib/db/queries/runs/get-run-status';
import type { RunWorker } from '../lib/runs/queue/run-worker';
import { startSqliteRunWorker } from '../lib/runs/queue/sqlite-run-worker';
import { startServerServices } from '../lib/server/start-server-services';
import { freshDatabase, type FreshDatabase } from './db/databases';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { waitFor } from './helpers/wait-for';

/*
 * POST /api/v1/runs/:id/cancel against a judge that takes a minute to answer: the worker notices
 * at its next lease renewal (every second), the calls in flight are aborted, and the run stays cancelled.
 */

type Routes = {
  runs: typeof import('../app/api/v1/runs/route');
  cancel: typeof import('../app/api/v1/runs/[id]/cancel/route');
  datasets: typeof import('../app/api/v1/datasets/route');
};
let routes: Routes;
let database: FreshDatabase;
let judge: JudgeServer;
const workers: RunWorker[] = [];
const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH, TURNWISE_JUDGES: process.env.TURNWISE_JUDGES };

beforeAll(async () => {
  judge = await startJudgeServer({ handler: answerLikeOfflineJudge(), latencyMs: 60_000 });
  database = await freshDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  process.env.TURNWISE_AUTH = 'off';
  process.env.TURNWISE_JUDGES = JSON.stringify([{ name: 'slow', baseUrl: judge.url, models: ['slow-model'] }]);
  // No worker yet: the first run stays queued until a test starts one.
  await startServerServices({ ...process.env, TURNWISE_DEMO: '0', TURNWISE_WORKER: '0' });
  routes = {
    runs: await import('../app/api/v1/runs/route'),
    cancel: await import('../app/api/v1/runs/[id]/cancel/route'),
    datasets: await import('../app/api/v1/datasets/route'),
  };
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await judge?.close();
  await disconnectDb();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await database?.drop();
});

const BASE = 'http://localhost/api/v1';

async function uploadDataset(): Promise<string> {
  const conversations = Array.from({ length: 6 }, (_, i) => ({
    name: `order ${i}`,
    turns: [
      { role: 'user', content: `My order number is ${2000 + i}.` },
      { role: 'assistant', content: `Thanks, I found order ${2000 + i}.` },
      { role: 'user', content: 'When does it arrive?' },
      { role: 'assistant', content: `Order ${2000 + i} arrives on Friday.` },
    ],
  }));
  const form = new FormData();
  form.append('file', new Blob([JSON.stringify(conversations)], { type: 'application/json' }), 'orders.json');
  const response = await routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: form }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function startRun(datasetId: string): Promise<string> {
  const body = { datasetId, metrics: ['knowledge_retention'], judge: { kind: 'openai', name: 'slow', model: 'slow-model' }, concurrency: 4 };
  const response = await routes.runs.POST(
    new Request(`${BASE}/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

const cancel = (id: string) => routes.cancel.POST(new Request(`${BASE}/runs/${id}/cancel`, { method: 'POST' }), { params: Promise.resolve({ id }) });

describe('POST /api/v1/runs/:id/cancel', () => {
  let datasetId: string;

  it('cancels a queued run at once, and answers 409 once it has ended', async () => {
    datasetId = await uploadDataset();
    const runId = await startRun(datasetId);
    const response = await cancel(runId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: runId, status: 'cancelled' });
    expect((await getRunStatus(getDb(), 'default', runId)).status).toBe('cancelled');

    const again = await cancel(runId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    expect((await cancel('no-such-run')).status).toBe(404);
  });

  it('stops a running run at its next lease renewal, aborting the judge calls in flight, and it stays cancelled', async () => {
    const runId = await startRun(datasetId);
    const logged: string[] = [];
    const worker = startSqliteRunWorker({ db: getDb(), env: { ...process.env, TURNWISE_WORKER_POLL_MS: '50' }, log: (line) => logged.push(line) });
    workers.push(worker);
    await waitFor('judge calls in flight', () => judge.requests.length >= 4);
    expect((await getRunStatus(getDb(), 'default', runId)).status).toBe('running');
    const asked = judge.requests.length;

    const response = await cancel(runId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'cancelled' });
    // The judge takes a minute to answer: the calls end only by being aborted.
    await waitFor('the calls in flight to be aborted', () => judge.aborted >= asked);
    await waitFor('the worker to close the cancelled run', () => logged.includes(`run ${runId}: cancelled`), { detail: () => logged.join('\n') });

    // Nothing more is asked, nothing half-scored is stored, and the run never turns "completed".
    const after = await getRunStatus(getDb(), 'default', runId);
    expect(after.status).toBe('cancelled');
    expect(judge.requests.length).toBe(asked);
    expect(await getDb().result.count({ where: { runId } })).toBe(0);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { finishedAt: true } })).finishedAt).not.toBeNull();
  });
});
