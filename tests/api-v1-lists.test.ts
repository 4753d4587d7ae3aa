import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { startApiServer } from './helpers/api-server';

/* GET /api/v1/datasets and GET /api/v1/runs: what scripts list, filter and page through. */

type Routes = {
  datasets: typeof import('../app/api/v1/datasets/route');
  runs: typeof import('../app/api/v1/runs/route');
  run: typeof import('../app/api/v1/runs/[id]/route');
  cancel: typeof import('../app/api/v1/runs/[id]/cancel/route');
};
let routes: Routes;
let server: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  // No judge, so no worker: runs stay queued unless a test cancels them.
  server = await startApiServer();
  routes = {
    datasets: await import('../app/api/v1/datasets/route'),
    runs: await import('../app/api/v1/runs/route'),
    run: await import('../app/api/v1/runs/[id]/route'),
    cancel: await import('../app/api/v1/runs/[id]/cancel/route'),
  };
});
afterAll(async () => {
  await server?.stop();
});

const BASE = 'http://localhost/api/v1';
const get = async (route: { GET(r: Request): Promise<Response> }, query: string) => {
  const response = await route.GET(new Request(`${BASE}${query}`));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { items: Record<string, unknown>[] } };
};

async function upload(name: string, modelVersion: string): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('modelVersion', modelVersion);
  const conversation = { turns: [{ role: 'user', content: `Hello from ${name}` }, { role: 'assistant', content: 'Hello!' }] };
  form.append('file', new Blob([JSON.stringify([conversation])], { type: 'application/json' }), `${name}.json`);
  const response = await routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: form }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function startRun(datasetId: string, modelVersion: string): Promise<string> {
  const body = { datasetId, metrics: ['conversation_relevancy'], judge: { kind: 'offline' }, modelVersion };
  const response = await routes.runs.POST(new Request(`${BASE}/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

describe('listing for scripts', () => {
  const ids: Record<string, string> = {};

  it('lists datasets newest first, filtered by model version, a page at a time', async () => {
    ids.a = await upload('alpha', 'bot v1');
    ids.b = await upload('beta', 'bot v2');
    ids.c = await upload('gamma', 'bot v2');

    const all = await get(routes.datasets, '/datasets');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, nextPage: null });
    expect(all.body.items.map((d) => d.name)).toEqual(['gamma', 'beta', 'alpha']);
    expect(all.body.items[0]).toMatchObject({ id: ids.c, modelVersion: 'bot v2', format: 'deepeval-json', conversations: 1, turns: 2, runs: 0, createdBy: null });

    const v2 = await get(routes.datasets, '/datasets?modelVersion=bot%20v2');
    expect(v2.body.items.map((d) => d.name)).toEqual(['gamma', 'beta']);

    const first = await get(routes.datasets, '/datasets?pageSize=2');
    expect(first.body).toMatchObject({ total: 3, nextPage: 2, next: '/api/v1/datasets?pageSize=2&page=2' });
    const second = await get(routes.datasets, '/datasets?pageSize=2&page=2');
    expect(second.body.items.map((d) => d.name)).toEqual(['alpha']);
    expect(second.body.nextPage).toBeNull();

    // The uploader, when it is a user (here TURNWISE_AUTH=off uploads as the local user, who is no row).
    const owner = await getDb().user.create({ data: { id: 'user-ann', name: 'Ann', email: 'ann@example.com' } });
    await getDb().dataset.update({ where: { id: ids.a }, data: { createdById: owner.id } });
    expect(second.body.items[0]).toMatchObject({ createdBy: null });
    expect((await get(routes.datasets, '/datasets?pageSize=2&page=2')).body.items[0]).toMatchObject({ id: ids.a, createdBy: { id: 'user-ann', name: 'Ann' } });

    const bad = await get(routes.datasets, '/datasets?pageSize=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'BAD_INPUT', field: 'pageSize' } });
  });

  it('lists runs filtered by dataset, status and model version; a bad status names the field', async () => {
    ids.r1 = await startRun(ids.a, 'bot v1');
    ids.r2 = await startRun(ids.a, 'bot v2');
    ids.r3 = await startRun(ids.b, 'bot v2');
    expect((await routes.cancel.POST(new Request(`${BASE}/runs/${ids.r2}/cancel`, { method: 'POST' }), { params: Promise.resolve({ id: ids.r2 }) })).status).toBe(200);

    const all = await get(routes.runs, '/runs');
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((r) => r.id)).toEqual([ids.r3, ids.r2, ids.r1]);
    expect(all.body.items[0]).toMatchObject({
      status: 'queued',
      datasetId: ids.b,
      datasetName: 'beta',
      modelVersion: 'bot v2',
      judge: { kind: 'offline' },
      progress: { done: 0, errors: 0 },
    });
    // Each item is what GET /runs/:id answers for that run, field for field.
    const one = await routes.run.GET(new Request(`${BASE}/runs/${ids.r2}`), { params: Promise.resolve({ id: ids.r2 }) });
    expect(all.body.items[1]).toEqual(await one.json());
    expect(Object.keys(all.body.items[0])).toEqual(expect.arrayContaining(['metrics', 'usage', 'summary']));

    expect((await get(routes.runs, `/runs?dataset=${ids.a}`)).body.items.map((r) => r.id)).toEqual([ids.r2, ids.r1]);
    expect((await get(routes.runs, '/runs?status=cancelled')).body.items.map((r) => r.id)).toEqual([ids.r2]);
    expect((await get(routes.runs, `/runs?dataset=${ids.a}&modelVersion=bot%20v1`)).body.items.map((r) => r.id)).toEqual([ids.r1]);
    const paged = await get(routes.runs, '/runs?status=queued&pageSize=1');
    expect(paged.body).toMatchObject({ total: 2, nextPage: 2, next: '/api/v1/runs?status=queued&pageSize=1&page=2' });

    const bad = await get(routes.runs, '/runs?status=done');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'BAD_INPUT', field: 'status' } });
    expect(String((bad.body.error as { message: string }).message)).toContain('completed_with_errors');
  });
});
