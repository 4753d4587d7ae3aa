import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, getDb } from '../lib/db/client';
import { stopWorkers } from '../lib/jobs/worker-manager';
import { startServerServices } from '../lib/server/start-server-services';
import { freshDatabase, type FreshDatabase } from './db/databases';
import { waitFor } from './helpers/wait-for';

/*
 * The /api/v1 route handlers called with plain Requests, on a SQLite database of their own,
 * with the run worker the server starts running in this process (offline judge: no LLM).
 */

type Routes = {
  datasets: typeof import('../app/api/v1/datasets/route');
  runs: typeof import('../app/api/v1/runs/route');
  run: typeof import('../app/api/v1/runs/[id]/route');
  results: typeof import('../app/api/v1/runs/[id]/results/route');
  exportRun: typeof import('../app/api/v1/runs/[id]/export/route');
  compare: typeof import('../app/api/v1/compare/route');
  retryErrored: typeof import('../app/api/v1/runs/[id]/retry-errored/route');
};
let routes: Routes;
let database: FreshDatabase;
const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_API_KEY: process.env.TURNWISE_API_KEY, TURNWISE_AUTH: process.env.TURNWISE_AUTH };
const restore = (key: keyof typeof saved) => {
  if (saved[key] === undefined) delete process.env[key];
  else process.env[key] = saved[key];
};

beforeAll(async () => {
  database = await freshDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  delete process.env.TURNWISE_API_KEY;
  // Sign-in is tested in tests/auth-routes.test.ts; here the API itself, as a single-user server serves it.
  process.env.TURNWISE_AUTH = 'off';
  // What instrumentation.ts runs when the server starts: migrations, then the run worker.
  await startServerServices({ ...process.env, TURNWISE_DEMO: '0', TURNWISE_WORKER_POLL_MS: '100' });
  routes = {
    datasets: await import('../app/api/v1/datasets/route'),
    runs: await import('../app/api/v1/runs/route'),
    run: await import('../app/api/v1/runs/[id]/route'),
    results: await import('../app/api/v1/runs/[id]/results/route'),
    exportRun: await import('../app/api/v1/runs/[id]/export/route'),
    compare: await import('../app/api/v1/compare/route'),
    retryErrored: await import('../app/api/v1/runs/[id]/retry-errored/route'),
  };
});
afterAll(async () => {
  await stopWorkers();
  await disconnectDb();
  restore('DATABASE_URL');
  restore('TURNWISE_API_KEY');
  restore('TURNWISE_AUTH');
  await database?.drop();
});

const BASE = 'http://localhost/api/v1';
let authorization: string | null = null;
const headers = (extra: Record<string, string> = {}): Record<string, string> => ({ ...(authorization ? { authorization } : {}), ...extra });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

const topics = ['refund', 'shipping', 'warranty', 'login', 'billing', 'upgrade', 'invoice', 'password'];
/** A support dataset; with `forgetful` the last answer asks again for the order number the user gave. */
const conversations = (forgetful: boolean) =>
  topics.map((topic, i) => ({
    name: `${topic} question`,
    turns: [
      { role: 'user', content: `Hi, I am Alex and my order number is ${1040 + i}. I have a ${topic} question.` },
      { role: 'assistant', content: `Thanks Alex, I found order ${1040 + i}.` },
      { role: 'user', content: `When will the ${topic} be done?` },
      { role: 'assistant', content: forgetful ? 'What is your order number?' : `The ${topic} for order ${1040 + i} is done by Friday.` },
    ],
  }));

function uploadForm(entries: [string, string | Blob, string?][]): Request {
  const form = new FormData();
  for (const [name, value, fileName] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  return new Request(`${BASE}/datasets`, { method: 'POST', body: form, headers: headers() });
}
const jsonFile = (value: unknown) => new Blob([JSON.stringify(value)], { type: 'application/json' });

const postRun = (body: unknown) =>
  routes.runs.POST(new Request(`${BASE}/runs`, { method: 'POST', body: JSON.stringify(body), headers: headers({ 'content-type': 'application/json' }) }));
const getRun = (id: string) => routes.run.GET(new Request(`${BASE}/runs/${id}`, { headers: headers() }), params(id));
const getResults = (id: string, query: string) => routes.results.GET(new Request(`${BASE}/runs/${id}/results${query}`, { headers: headers() }), params(id));
const getCompare = (query: string) => routes.compare.GET(new Request(`${BASE}/compare${query}`, { headers: headers() }));

async function createDataset(name: string, offTopic: boolean): Promise<string> {
  const res = await routes.datasets.POST(uploadForm([['name', name], ['modelVersion', offTopic ? 'bot v2' : 'bot v1'], ['file', jsonFile(conversations(offTopic)), 'chats.json']]));
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

async function runToEnd(datasetId: string): Promise<{ id: string; body: Record<string, unknown> }> {
  const res = await postRun({ datasetId, metrics: ['conversation_relevancy', 'knowledge_retention'], options: { conversation_relevancy: { windowSize: 1 } }, judge: { kind: 'offline' } });
  expect(res.status).toBe(202);
  const { id } = await res.json();
  expect(res.headers.get('location')).toBe(`/api/v1/runs/${id}`);
  const body = await waitFor(`run ${id} to end`, async () => {
    const body = (await (await getRun(id)).json()) as Record<string, unknown>;
    return !['queued', 'running'].includes(body.status as string) && body;
  });
  return { id, body };
}

describe('API key', () => {
  it('is not needed with TURNWISE_AUTH=off', async () => {
    const res = await getCompare('?baseline=a&candidate=b');
    expect(res.status).toBe(404);
  });

  it('refuses a missing or wrong key with 401 and accepts the right one', async () => {
    process.env.TURNWISE_API_KEY = 'ci-secret-key';
    delete process.env.TURNWISE_AUTH;
    try {
      const missing = await routes.compare.GET(new Request(`${BASE}/compare?baseline=a&candidate=b`));
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await missing.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.stringContaining('Authorization: Bearer') } });
      for (const wrong of ['Bearer ci-secret-kez', 'Bearer ci-secret-key-and-more', 'Basic ci-secret-key', 'ci-secret-key']) {
        const res = await routes.compare.GET(new Request(`${BASE}/compare?baseline=a&candidate=b`, { headers: { authorization: wrong } }));
        expect(res.status, wrong).toBe(401);
      }
      // Refused before the body is read: nothing is stored.
      const upload = await routes.datasets.POST(
        new Request(`${BASE}/datasets`, { method: 'POST', body: (() => { const f = new FormData(); f.append('file', jsonFile(conversations(false)), 'c.json'); return f; })(), headers: { authorization: 'Bearer nope' } }),
      );
      expect(upload.status).toBe(401);
      expect(await getDb().dataset.count({ where: { sourceFileName: 'c.json' } })).toBe(0);

      const right = await routes.compare.GET(new Request(`${BASE}/compare?baseline=a&candidate=b`, { headers: { authorization: 'Bearer ci-secret-key' } }));
      expect(right.status).toBe(404);
      expect((await right.json()).error).toEqual({ code: 'NOT_FOUND', message: 'Run a was not found' });
    } finally {
      delete process.env.TURNWISE_API_KEY;
      process.env.TURNWISE_AUTH = 'off';
    }
  });
});

describe('datasets → runs → results → compare', () => {
  let baselineDataset = '';
  let candidateDataset = '';
  let baseline = '';
  let candidate = '';

  beforeAll(async () => {
    process.env.TURNWISE_API_KEY = 'flow-key';
    authorization = 'Bearer flow-key';
  });
  afterAll(() => {
    delete process.env.TURNWISE_API_KEY;
    authorization = null;
  });

  it('stores an uploaded dataset and answers 201 with its id', async () => {
    const res = await routes.datasets.POST(uploadForm([['name', 'Support v1'], ['modelVersion', 'bot v1'], ['file', jsonFile(conversations(false)), 'chats.json']]));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ id: expect.any(String), conversations: topics.length, turns: topics.length * 4 });
    const dataset = await getDb().dataset.findUniqueOrThrow({ where: { id: body.id } });
    expect(dataset).toMatchObject({ name: 'Support v1', modelVersion: 'bot v1', sourceFileName: 'chats.json', conversationCount: topics.length });
    baselineDataset = body.id;
    candidateDataset = await createDataset('Support v2', true);
  });

  it('names the file when no name is given', async () => {
    const res = await routes.datasets.POST(uploadForm([['file', jsonFile(conversations(false)), 'nightly.chats.json']]));
    expect(res.status).toBe(201);
    expect((await getDb().dataset.findUniqueOrThrow({ where: { id: (await res.json()).id } })).name).toBe('nightly.chats');
  });

  it('stores promptfoo’s results with their grading as a run promptfoo scored, and answers it', async () => {
    const results = readFileSync(new URL('./fixtures/peers/promptfoo/results.json', import.meta.url));
    const res = await routes.datasets.POST(uploadForm([['name', 'promptfoo eval'], ['file', new Blob([results]), 'results.json']]));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ format: 'promptfoo-json', conversations: 3, run: { id: expect.any(String), origin: 'promptfoo', results: 7 }, notes: expect.arrayContaining([expect.stringContaining('no timestamps')]) });
    expect(await getDb().run.findUniqueOrThrow({ where: { id: body.run.id }, select: { datasetId: true, origin: true } })).toEqual({ datasetId: body.id, origin: 'promptfoo' });
  });

  it('refuses a bad file with 400 naming the line, and stores nothing', async () => {
    const before = await getDb().dataset.count();
    const jsonl = `${JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] })}\n{"messages": [oops]}\n`;
    const res = await routes.datasets.POST(uploadForm([['name', 'broken'], ['file', new Blob([jsonl]), 'broken.jsonl']]));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'BAD_INPUT', field: 'file', line: 2 });
    expect(error.message).toMatch(/^Nothing was stored: .*line 2/);
    expect(await getDb().dataset.count()).toBe(before);
  });

  it('refuses a form without a file, a body that is not a form, a blank name (before or after the file) and a format after the file', async () => {
    const before = await getDb().dataset.count();
    const noFile = await routes.datasets.POST(uploadForm([['name', 'x']]));
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).error).toMatchObject({ code: 'BAD_INPUT', field: 'file' });

    const notForm = await routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: '[]', headers: headers({ 'content-type': 'application/json' }) }));
    expect(notForm.status).toBe(400);
    expect((await notForm.json()).error.field).toBe('file');

    const blank = await routes.datasets.POST(uploadForm([['name', '   '], ['file', jsonFile(conversations(false)), 'c.json']]));
    expect(blank.status).toBe(400);
    expect((await blank.json()).error).toEqual({ code: 'BAD_INPUT', field: 'name', message: 'name: Give the dataset a name' });

    const lateFormat = await routes.datasets.POST(uploadForm([['file', jsonFile(conversations(false)), 'c.json'], ['format', 'sharegpt']]));
    expect(lateFormat.status).toBe(400);
    expect((await lateFormat.json()).error).toMatchObject({ field: 'format', message: expect.stringContaining('before file') });
    const lateBlank = await routes.datasets.POST(uploadForm([['file', jsonFile(conversations(false)), 'c.json'], ['name', '  ']]));
    expect(lateBlank.status).toBe(400);
    expect((await lateBlank.json()).error).toMatchObject({ field: 'name', message: 'name: Give the dataset a name' });
    expect(await getDb().dataset.count()).toBe(before);
  });

  it('applies a name and model version sent after the file', async () => {
    const response = await routes.datasets.POST(
      uploadForm([['file', jsonFile(conversations(false)), 'c.json'], ['name', 'named after the file'], ['modelVersion', 'bot v9']]),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await getDb().dataset.findUniqueOrThrow({ where: { id }, select: { name: true, modelVersion: true, conversationCount: true } })).toEqual({
      name: 'named after the file',
      modelVersion: 'bot v9',
      conversationCount: topics.length,
    });
  });

  it('queues runs that the worker completes, with progress and a summary per metric', async () => {
    const first = await runToEnd(baselineDataset);
    baseline = first.id;
    const total = topics.length * 2;
    expect(first.body).toMatchObject({
      id: baseline,
      status: 'completed',
      datasetId: baselineDataset,
      judge: { kind: 'offline' },
      metrics: { conversation_relevancy: { windowSize: 1 }, knowledge_retention: {} },
      progress: { done: total, total, errors: 0 },
    });
    const summary = first.body.summary as Record<string, { mean: number; passRate: number }>;
    expect(Object.keys(summary).sort()).toEqual(['conversation_relevancy', 'knowledge_retention']);
    for (const s of Object.values(summary)) {
      expect(s.mean).toBeGreaterThanOrEqual(0);
      expect(s.passRate).toBeGreaterThanOrEqual(0);
    }
    expect(summary.knowledge_retention).toEqual({ mean: 1, passRate: 1, count: topics.length, errors: 0 });
    // The offline judge evaluates rules: its work is counted as rule evaluations, with no tokens and no cost.
    const usage = first.body.usage as Record<string, number>;
    expect(usage.ruleEvaluations).toBeGreaterThan(0);
    expect(usage).toMatchObject({ ruleEvaluations: usage.judgeCalls, promptTokens: 0, completionTokens: 0, costUsd: 0 });

    const second = await runToEnd(candidateDataset);
    candidate = second.id;
    // Each conversation's second reply asks again for what it was told: half its replies fail.
    expect((second.body.summary as Record<string, { mean: number }>).knowledge_retention.mean).toBe(0.5);
  });

  it('pages through the results with their verdicts', async () => {
    const seen: string[] = [];
    let query = '?pageSize=5';
    let pages = 0;
    for (;;) {
      const res = await getResults(baseline, query);
      expect(res.status).toBe(200);
      const page = await res.json();
      pages++;
      expect(page).toMatchObject({ page: pages, pageSize: 5, total: topics.length * 2 });
      for (const item of page.items) {
        seen.push(`${item.conversation.position}:${item.metric}`);
        expect(item).toMatchObject({ score: expect.any(Number), success: expect.any(Boolean), threshold: 0.5, error: null });
        expect(item.verdicts.length).toBeGreaterThan(0);
        expect(Object.keys(item.verdicts[0]).sort()).toEqual(['reason', 'score', 'turn', 'verdict', 'voteShare']);
        expect(item.verdicts[0]).toMatchObject({ turn: expect.any(Number), verdict: expect.stringMatching(/^(yes|no|idk)$/), reason: expect.any(String) });
      }
      if (page.nextPage === null) {
        expect(page.next).toBeNull();
        break;
      }
      expect(page.nextPage).toBe(pages + 1);
      query = page.next.slice(page.next.indexOf('?'));
    }
    expect(pages).toBe(Math.ceil((topics.length * 2) / 5));
    const expected = topics.flatMap((_, i) => [`${i}:conversation_relevancy`, `${i}:knowledge_retention`]);
    expect(seen).toEqual(expected);
  });

  it('compares two runs: the forgetful answers regress knowledge retention', async () => {
    const res = await getCompare(`?baseline=${baseline}&candidate=${candidate}`);
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(report.baseline.id).toBe(baseline);
    expect(report.candidates).toMatchObject([{ id: candidate, matched: topics.length, baselineOnly: 0, candidateOnly: 0 }]);
    const retention = report.metrics.find((m: { metric: string }) => m.metric === 'knowledge_retention');
    expect(retention.candidates[0]).toMatchObject({ runId: candidate, pairs: topics.length, baselineMean: 1, candidateMean: 0.5, difference: -0.5, verdict: 'regressed' });
    expect(retention.candidates[0].ciHigh).toBeLessThan(0);
    // The re-asking reply also answers nothing the user asked, which the relevancy judge may count too.
    expect(report.regressions).toContainEqual({ metric: 'knowledge_retention', runId: candidate, difference: -0.5, ciLow: -0.5, ciHigh: -0.5 });
    expect(report.regressions.every((r: { metric: string }) => ['knowledge_retention', 'conversation_relevancy'].includes(r.metric))).toBe(true);
  });

  it('re-runs errored results only when there are some: 409 for a run that has none, 404 for an unknown run', async () => {
    const retry = (id: string) => routes.retryErrored.POST(new Request(`${BASE}/runs/${id}/retry-errored`, { method: 'POST', headers: headers() }), params(id));
    const none = await retry(baseline);
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({ error: { code: 'CONFLICT', message: 'The run has no errored results to re-run' } });
    expect((await retry('no-such-run')).status).toBe(404);
  });

  it('exports the run under /api/v1 too', async () => {
    const res = await routes.exportRun.GET(new Request(`${BASE}/runs/${baseline}/export?format=json&level=verdicts`, { headers: headers() }), params(baseline));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.run.id).toBe(baseline);
    expect(body.verdicts.length).toBe(await getDb().turnVerdict.count({ where: { runId: baseline } }));
  });
});

describe('bad input', () => {
  let datasetId = '';
  beforeAll(async () => {
    datasetId = await createDataset('for bad input', false);
  });

  const expectField = async (res: Response, status: number, field: string, message?: RegExp) => {
    expect(res.status).toBe(status);
    const { error } = await res.json();
    expect(error.field).toBe(field);
    if (message) expect(error.message).toMatch(message);
  };

  it('names the field of a bad run request', async () => {
    const ok = { datasetId, metrics: ['conversation_relevancy'], judge: { kind: 'offline' } };
    await expectField(await postRun({ ...ok, metrics: ['conversation_relevancy', 'helpfulness'] }), 400, 'metrics.1', /^metrics\.1: /);
    await expectField(await postRun({ ...ok, metrics: [] }), 400, 'metrics', /Pick at least one metric/);
    await expectField(await postRun({ ...ok, options: { conversation_relevancy: { threshold: 2 } } }), 400, 'options.conversation_relevancy.threshold');
    await expectField(await postRun({ ...ok, options: { conversation_relevancy: { truthsExtractionLimit: 3 } } }), 400, 'options.conversation_relevancy.truthsExtractionLimit', /has no option/);
    await expectField(await postRun({ ...ok, options: { knowledge_retention: {} } }), 400, 'options.knowledge_retention', /not among the metrics/);
    await expectField(await postRun({ ...ok, judge: undefined }), 400, 'judge');
    await expectField(await postRun({ ...ok, judge: { kind: 'gpt' } }), 400, 'judge.kind');
    await expectField(await postRun({ ...ok, judge: { kind: 'openai', name: 'nowhere' } }), 400, 'judge', /No judge named "nowhere"/);
    await expectField(await postRun({ ...ok, concurrency: 0 }), 400, 'concurrency', /at least 1/);
    await expectField(await postRun({ ...ok, metric: ['x'] }), 400, 'metric', /Unrecognized key/i);
    await expectField(await postRun({ ...ok, datasetId: 'no-such-dataset' }), 404, undefined as unknown as string);
    const notJson = await routes.runs.POST(new Request(`${BASE}/runs`, { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } }));
    await expectField(notJson, 400, 'body');
    // None of these created a run.
    expect(await getDb().run.count({ where: { datasetId } })).toBe(0);
  });

  it('starts a run that names no concurrency with TURNWISE_JUDGE_CONCURRENCY requests in flight, as the form does', async () => {
    process.env.TURNWISE_JUDGE_CONCURRENCY = '3';
    try {
      const res = await postRun({ datasetId, metrics: ['conversation_relevancy'], judge: { kind: 'offline' } });
      expect(res.status).toBe(202);
      const { id } = await res.json();
      expect((await getDb().run.findUniqueOrThrow({ where: { id } })).concurrency).toBe(3);
    } finally {
      delete process.env.TURNWISE_JUDGE_CONCURRENCY;
    }
  });

  it('answers 404 for unknown runs and names bad query parameters', async () => {
    const unknown = await getRun('no-such-run');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Run no-such-run was not found' } });
    expect((await getResults('no-such-run', '')).status).toBe(404);
    await expectField(await getResults('no-such-run', '?pageSize=0'), 400, 'pageSize', /^pageSize: must be at least 1/);
    await expectField(await getResults('no-such-run', '?page=abc'), 400, 'page');
    await expectField(await getCompare('?candidate=x'), 400, 'baseline');
    await expectField(await getCompare('?baseline=x'), 400, 'candidate');
    const exportBad = await routes.exportRun.GET(new Request(`${BASE}/runs/x/export?format=xlsx`), params('x'));
    await expectField(exportBad, 400, 'format', /^format: expected one of csv, json/);
  });
});
