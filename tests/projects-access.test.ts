import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../lib/auth/api-keys';
import { resetAuth } from '../lib/auth/auth';
import { resolvePrincipal } from '../lib/auth/project-access';
import { createPasswordUser } from '../lib/auth/users';
import { createConnection } from '../lib/connections/connection-store';
import { connectionInputSchema } from '../lib/connections/connection-input';
import { saveCustomMetric } from '../lib/custom-metrics/save-custom-metric';
import { disconnectDb, getDb } from '../lib/db/client';
import { insertAlertRule } from '../lib/db/queries/alerts/alert-rules';
import { createOnlineRule } from '../lib/db/queries/online/online-rules';
import { createSchedule } from '../lib/db/queries/schedules/schedules';
import type { DbProvider } from '../lib/db/url';
import { actorOf, principalOf, type Principal } from '../lib/identity/principal';
import type { ProjectRef } from '../lib/identity/project';
import { recordEvaluation } from '../lib/imports/record-evaluation';
import { processPendingBatches } from '../lib/ingest/process-batches';
import { createOfflineJudge } from '../lib/judge/offline';
import { createProject, moveDataset, removeMember, setProjectMember } from '../lib/projects/manage-projects';
import { startReplay } from '../lib/replay/start-replay';
import { migratedDatabase, providers, type FreshDatabase } from './db/databases';
import { recordedRequest } from './helpers/deepeval-fixtures';
import { attr, genAiChatAttributes, spanExport } from './helpers/otlp-json';

/*
 * The access matrix: every role of project A (viewer, editor, admin; by personal key, and by
 * session for the pages) is refused everything of project B — by id, through lists and search,
 * by compare, by export, by an ingest key, by a link — on every route and page loader that
 * reads or writes a project's records, on SQLite and PostgreSQL. Each refusal is the answer of
 * an id that does not exist (404, or 403 where the role is too low to ask at all): nothing of B
 * is named, changed or counted.
 */

const BASE = 'http://localhost';
const PASSWORD = 'correct horse battery';
const ROLES = ['viewer', 'editor', 'admin'] as const;
type Role = (typeof ROLES)[number];

const conversations = (topic: string) =>
  [1, 2, 3].map((n) => ({
    externalId: `${topic}-${n}`,
    turns: [
      { role: 'user' as const, content: `My ${topic} order ${n} is late.` },
      { role: 'assistant' as const, content: `Your ${topic} order ${n} ships on Friday.` },
    ],
  }));

interface World {
  a: ProjectRef;
  b: ProjectRef;
  keys: Record<Role, string> & { bEditor: string; bIngest: string; aIngest: string };
  users: Record<Role | 'bEditor', { id: string; email: string }>;
  /** B's records. */
  dataset: string;
  run: string;
  conversation: string;
  replay: string;
  rule: string;
  metric: string;
  live: string;
  /** A's own run, to compare with B's. */
  runA: string;
  alert: string;
  schedule: string;
}

type Call = (key: string, w: World) => Promise<Response>;
const route = async <T,>(path: string) => (await import(/* @vite-ignore */ `../app/api/${path}`)) as T;
type Handler = (request: Request, ctx?: unknown) => Promise<Response>;
const auth = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...extra });
const get = (path: string, file: string, params?: Record<string, string>): Call => async (key) =>
  (await route<{ GET: Handler }>(file)).GET(new Request(`${BASE}${path}`, { headers: auth(key) }), params ? { params: Promise.resolve(params) } : undefined);
const send = (method: string, path: string, file: string, body: unknown, params?: Record<string, string>): Call => async (key) =>
  (await route<Record<string, Handler>>(file))[method](
    new Request(`${BASE}${path}`, { method, headers: auth(key, { 'content-type': 'application/json' }), body: body === undefined ? undefined : JSON.stringify(body) }),
    params ? { params: Promise.resolve(params) } : undefined,
  );

/** Reads by id: each is a 404 for every role of A. */
const READS: [string, (w: World) => Call][] = [
  ['GET a run', (w) => get(`/api/v1/runs/${w.run}`, 'v1/runs/[id]/route.ts', { id: w.run })],
  ['GET a run\'s results', (w) => get(`/api/v1/runs/${w.run}/results`, 'v1/runs/[id]/results/route.ts', { id: w.run })],
  ['GET a run\'s agreement', (w) => get(`/api/v1/runs/${w.run}/agreement`, 'v1/runs/[id]/agreement/route.ts', { id: w.run })],
  ['export a run (API)', (w) => get(`/api/v1/runs/${w.run}/export?format=csv`, 'v1/runs/[id]/export/route.ts', { id: w.run })],
  ['export a run (dashboard)', (w) => get(`/api/runs/${w.run}/export?format=json`, 'runs/[id]/export/route.ts', { id: w.run })],
  ['export a dataset', (w) => get(`/api/datasets/${w.dataset}/export?format=jsonl`, 'datasets/[id]/export/route.ts', { id: w.dataset })],
  ['compare with a run of B', (w) => get(`/api/v1/compare?baseline=${w.runA}&candidate=${w.run}`, 'v1/compare/route.ts')],
  ['compare B with B', (w) => get(`/api/v1/compare?baseline=${w.run}&candidate=${w.run}x`, 'v1/compare/route.ts')],
  ['GET a replay', (w) => get(`/api/v1/replays/${w.replay}`, 'v1/replays/[id]/route.ts', { id: w.replay })],
  ['GET a replay\'s progress', (w) => get(`/api/replays/${w.replay}/progress`, 'replays/[id]/progress/route.ts', { id: w.replay })],
  ['GET an online rule', (w) => get(`/api/v1/online-rules/${w.rule}`, 'v1/online-rules/[id]/route.ts', { id: w.rule })],
  ['GET a custom metric', (w) => get(`/api/v1/metrics/${w.metric}`, 'v1/metrics/[name]/route.ts', { name: w.metric })],
  ['GET an alert rule', (w) => get(`/api/v1/alerts/${w.alert}`, 'v1/alerts/[id]/route.ts', { id: w.alert })],
];

/**
 * Writes by id or naming B's records: refused (403 for a viewer, who may not write at all; else
 * 404, or 400 where the id is a field of a body and is answered as an unknown one).
 */
const WRITES: [string, (w: World) => Call, number?][] = [
  ['start a run on B\'s dataset', (w) => send('POST', '/api/v1/runs', 'v1/runs/route.ts', { datasetId: w.dataset, metrics: ['conversation_relevancy'], judge: { kind: 'offline' } })],
  ['cancel B\'s run', (w) => send('POST', `/api/v1/runs/${w.run}/cancel`, 'v1/runs/[id]/cancel/route.ts', undefined, { id: w.run })],
  ['retry B\'s errored results', (w) => send('POST', `/api/v1/runs/${w.run}/retry-errored`, 'v1/runs/[id]/retry-errored/route.ts', undefined, { id: w.run })],
  ['replay B\'s dataset', (w) => send('POST', '/api/v1/replays', 'v1/replays/route.ts', { datasetId: w.dataset, target: { kind: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm' }, modelVersion: 'x' })],
  ['estimate a replay of B\'s dataset', (w) => send('POST', '/api/v1/replays/estimate', 'v1/replays/estimate/route.ts', { datasetId: w.dataset, target: { kind: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm' }, modelVersion: 'x' })],
  ['cancel B\'s replay', (w) => send('POST', `/api/v1/replays/${w.replay}/cancel`, 'v1/replays/[id]/cancel/route.ts', undefined, { id: w.replay })],
  ['retry B\'s replay', (w) => send('POST', `/api/v1/replays/${w.replay}/retry`, 'v1/replays/[id]/retry/route.ts', undefined, { id: w.replay })],
  ['rescore B\'s replay', (w) => send('POST', `/api/v1/replays/${w.replay}/rescore`, 'v1/replays/[id]/rescore/route.ts', undefined, { id: w.replay })],
  ['pause B\'s online rule', (w) => send('PATCH', `/api/v1/online-rules/${w.rule}`, 'v1/online-rules/[id]/route.ts', { enabled: false }, { id: w.rule })],
  ['delete B\'s online rule', (w) => send('DELETE', `/api/v1/online-rules/${w.rule}`, 'v1/online-rules/[id]/route.ts', undefined, { id: w.rule })],
  ['pause B\'s alert rule', (w) => send('PATCH', `/api/v1/alerts/${w.alert}`, 'v1/alerts/[id]/route.ts', { enabled: false }, { id: w.alert })],
  ['delete B\'s alert rule', (w) => send('DELETE', `/api/v1/alerts/${w.alert}`, 'v1/alerts/[id]/route.ts', undefined, { id: w.alert })],
  ['send a test of B\'s alert rule', (w) => send('POST', `/api/v1/alerts/${w.alert}/test`, 'v1/alerts/[id]/test/route.ts', undefined, { id: w.alert })],
  [
    'make a rule over B\'s live dataset',
    (w) => send('POST', '/api/v1/online-rules', 'v1/online-rules/route.ts', { name: 'steal', datasetIds: [w.live], metrics: [{ name: 'conversation_relevancy' }], judge: { kind: 'offline' }, sampleRate: 100, idleMinutes: 5, dailyCapCalls: 10 }),
    400,
  ],
];

/** What B holds, for the lists: none of it may appear in any answer of A. */
const secretsOf = (w: World) => [w.dataset, w.run, w.replay, w.rule, w.live, w.conversation, w.alert, w.schedule, 'Sales secret', 'sales_tone', 'sales-regressions', 'sales-nightly'];

async function makeWorld(): Promise<World> {
  const db = getDb();
  const root = actorOf({ id: 'root', email: 'root@example.com', name: 'Root', role: 'admin' }, 'session');
  const a = await createProject(db, root, { name: 'Support bot', slug: 'support' });
  const b = await createProject(db, root, { name: 'Sales bot', slug: 'sales' });
  const adminOf = (project: ProjectRef): Principal => principalOf(root, project, 'admin');
  const users = {} as World['users'];
  const keys = {} as World['keys'];
  for (const role of ROLES) {
    const email = `${role}@support.test`;
    const user = await createPasswordUser(db, { email, name: role, password: PASSWORD, role: 'viewer' });
    await setProjectMember(db, adminOf(a), { email, role });
    users[role] = { id: user.id, email };
    keys[role] = (await createApiKey(db, a.id, user.id, `${role} key`)).key;
  }
  const bEditor = await createPasswordUser(db, { email: 'editor@sales.test', name: 'Sales editor', password: PASSWORD, role: 'viewer' });
  await setProjectMember(db, adminOf(b), { email: 'editor@sales.test', role: 'editor' });
  users.bEditor = { id: bEditor.id, email: 'editor@sales.test' };
  keys.bEditor = (await createApiKey(db, b.id, bEditor.id, 'sales ci')).key;
  keys.bIngest = (await createApiKey(db, b.id, bEditor.id, 'sales exporter', 'ingest')).key;
  keys.aIngest = (await createApiKey(db, a.id, users.editor.id, 'support exporter', 'ingest')).key;

  const judge = createOfflineJudge();
  const evaluate = (project: ProjectRef, name: string, topic: string) =>
    recordEvaluation(db, {
      dataset: { projectId: project.id, name, sourceFormat: 'turnwise', modelVersion: 'v1', conversations: conversations(topic) },
      metrics: [{ name: 'conversation_relevancy', options: {} }],
      judge,
      judgeName: null,
      concurrency: 2,
    });
  const inB = await evaluate(b, 'Sales secret', 'pricing');
  const inA = await evaluate(a, 'Support chats', 'refund');
  const conversation = (await db.conversation.findFirstOrThrow({ where: { datasetId: inB.datasetId }, select: { id: true } })).id;
  const replay = await startReplay(db, b.id, { datasetId: inB.datasetId, target: { kind: 'openai', baseUrl: 'https://api.example.com/v1', model: 'new-model' }, modelVersion: 'v2' }, null, {});
  await saveCustomMetric(db, b.id, { name: 'sales_tone', scope: 'conversation', criteria: 'The assistant is polite.', evaluationSteps: ['Read it.', 'Judge the tone.'] }, { judge: async () => judge, createdBy: 'editor@sales.test', principal: null });
  await createConnection(db, b.id, connectionInputSchema.parse({ name: 'sales-judge', baseUrl: 'https://judge.example.com/v1', apiKey: 'sk-sales-1234', models: 'm' }), []);

  // B's live traffic, sent with B's ingest key (the key decides where it lands).
  const otel = await route<{ POST: Handler }>('otel/v1/traces/route.ts');
  const body = JSON.stringify(spanExport('shop', [{ traceId: '1'.padStart(32, '0'), spanId: '1'.padStart(16, '0'), start: 1_750_000_000_000, attributes: [...genAiChatAttributes('c-1', 'What does the pro plan cost?', 'It costs 40 a month.'), attr('app.model_version', 'p1')] }]));
  expect((await otel.POST(new Request(`${BASE}/api/otel/v1/traces`, { method: 'POST', headers: auth(keys.bIngest, { 'content-type': 'application/json' }), body }))).status).toBe(200);
  await processPendingBatches(db, {});
  const live = (await db.liveDataset.findFirstOrThrow({ where: { projectId: b.id }, select: { datasetId: true } })).datasetId;
  const rule = await createOnlineRule(
    db,
    b.id,
    { name: 'sales prod', datasetIds: [live], metrics: [{ name: 'conversation_relevancy', options: {} }], judge: { kind: 'offline' }, sampleRate: 100, idleMinutes: 5, dailyCapUsd: null, dailyCapCalls: 100, dailyCapTokens: null, versionAttribute: null, enabled: true },
    bEditor.id,
  );
  const alert = await insertAlertRule(
    db,
    b.id,
    { name: 'sales-regressions', kind: 'run_result', condition: { kind: 'run_result', datasetId: inB.datasetId, check: 'regression', metric: null, value: null, baselineRunId: null }, destinationKind: 'webhook', notifyResolved: true, enabled: true, urlCipher: 'sealed', urlHint: 'https://hooks.example.com/…', urlSetBy: 'admin' },
    bEditor.id,
  );
  const schedule = await createSchedule(db, b.id, { name: 'sales-nightly', cron: '0 2 * * *', kind: 'run', request: { datasetId: inB.datasetId, metrics: [{ name: 'conversation_relevancy', options: {} }], judge: { kind: 'offline' } }, enabled: true, nextDueAt: new Date(Date.now() + 86_400_000), createdById: bEditor.id, createdBy: 'editor@sales.test', savedVia: 'session' });
  return { a, b, keys, users, dataset: inB.datasetId, run: inB.runId, conversation, replay: replay.id, rule: rule.id, metric: 'sales_tone', live, runA: inA.runId, alert: alert.id, schedule: schedule.id };
}

describe.each(providers)('projects: no role of one project reaches another on %s', { timeout: 240_000 }, (provider: DbProvider) => {
  let database: FreshDatabase;
  let w: World;
  const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH, TURNWISE_API_KEY: process.env.TURNWISE_API_KEY };

  beforeAll(async () => {
    database = await migratedDatabase(provider);
    await disconnectDb();
    process.env.DATABASE_URL = database.url;
    delete process.env.TURNWISE_AUTH;
    delete process.env.TURNWISE_API_KEY;
    resetAuth();
    w = await makeWorld();
  });
  afterAll(async () => {
    await disconnectDb();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetAuth();
    await database?.drop();
  });

  describe.each(ROLES)('a %s of A', (role) => {
    it.each(READS)('%s of B: not found', async (_name, call) => {
      const res = await call(w)(w.keys[role], w);
      expect(res.status, await res.clone().text()).toBe(404);
      const text = await res.text();
      for (const secret of ['Sales secret', 'pricing', 'sales-judge']) expect(text).not.toContain(secret);
    });

    it.each(WRITES)('%s: refused, and B is unchanged', async (_name, call, unknownId = 404) => {
      const before = await snapshotB(w);
      const res = await call(w)(w.keys[role], w);
      // A viewer is refused for the role, or (a read such as an estimate) finds no such dataset.
      expect(role === 'viewer' ? [403, unknownId] : [unknownId], await res.clone().text()).toContain(res.status);
      if (res.status === 400) expect(await res.clone().text()).toMatch(/is not a live \(OpenTelemetry\) dataset/);
      expect(await snapshotB(w)).toEqual(before);
    });

    it('lists and searches only A', async () => {
      const lists = [
        get('/api/v1/datasets?pageSize=100', 'v1/datasets/route.ts'),
        get('/api/v1/datasets?modelVersion=v1', 'v1/datasets/route.ts'),
        get('/api/v1/runs?limit=100', 'v1/runs/route.ts'),
        get(`/api/v1/runs?dataset=${w.dataset}`, 'v1/runs/route.ts'),
        get('/api/v1/replays', 'v1/replays/route.ts'),
        get(`/api/v1/replays?dataset=${w.dataset}`, 'v1/replays/route.ts'),
        get('/api/v1/metrics', 'v1/metrics/route.ts'),
        get('/api/v1/online-rules', 'v1/online-rules/route.ts'),
        get('/api/v1/alerts', 'v1/alerts/route.ts'),
        get(`/api/runs/progress?ids=${w.run},${w.runA}`, 'runs/progress/route.ts'),
      ];
      for (const list of lists) {
        const res = await list(w.keys[role], w);
        const text = await res.text();
        for (const secret of secretsOf(w)) expect(text, `${res.url} ${secret}`).not.toContain(secret);
      }
    });

    it('cannot name B with its key: the key opens its own project alone', async () => {
      expect((await get('/api/v1/datasets', 'v1/datasets/route.ts')(w.keys[role], w)).status).toBe(200);
      const query = await get(`/api/v1/datasets?project=${w.b.slug}`, 'v1/datasets/route.ts')(w.keys[role], w);
      expect(query.status).toBe(403);
      expect(await query.text()).not.toContain('Sales');
      const header = await (await route<{ GET: Handler }>('v1/datasets/route.ts')).GET(new Request(`${BASE}/api/v1/datasets`, { headers: auth(w.keys[role], { 'x-turnwise-project': w.b.slug }) }));
      expect(header.status).toBe(403);
    });

    it('opens none of B\'s pages by a link: the project is not found, and A\'s pages find none of B\'s ids', async () => {
      const user = w.users[role];
      await expect(resolvePrincipal(getDb(), actorOf({ ...user, name: role, role: 'member' }, 'session'), w.b.slug)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const p = w.a.id;
      const loaders: [string, () => Promise<unknown>][] = [
        ['run page', async () => (await import('../lib/runs/page/load-run-page')).loadRunPage(p, w.run, {})],
        ['run conversation', async () => (await import('../lib/runs/page/load-run-conversation-ref')).loadRunConversationRef(p, w.run, w.conversation)],
        ['review page', async () => (await import('../lib/agreement/page/load-review-page')).loadReviewPage(p, w.run, {}, user.id)],
        ['dataset page', async () => (await import('../lib/datasets/page/load-dataset-page')).loadDatasetPage(p, w.dataset)],
        ['dataset conversation', async () => (await import('../lib/datasets/page/load-dataset-conversation-ref')).loadDatasetConversationRef(p, w.dataset, w.conversation)],
        ['dataset search', async () => (await import('../lib/datasets/page/load-dataset-conversations')).loadDatasetConversations(p, w.dataset, { page: 1, size: 50, skip: 0, take: 50 }, { q: 'pricing', sort: 'position', dir: 'asc' })],
        ['trend page', async () => (await import('../lib/compare/page/load-trend-page')).loadTrendPage(p, w.dataset)],
        ['compare page', async () => (await import('../lib/compare/page/load-compared-runs')).loadComparedRuns(p, { baseline: w.runA, candidates: [w.run] } as never)],
        ['new run on B', async () => (await import('../lib/runs/page/load-new-run-page')).loadNewRunPage(p, w.dataset)],
        ['new replay of B', async () => (await import('../lib/replay/page/load-new-replay-options')).loadNewReplayOptions(p, w.dataset, null, {})],
        ['replay page', async () => (await import('../lib/replay/page/load-replay-page')).loadReplayPage(p, w.replay)],
        ['online rule page', async () => (await import('../lib/online/page/load-online-rule-page')).loadOnlineRulePage(p, w.rule)],
        ['metric page', async () => (await import('../lib/custom-metrics/page/load-metric-page')).loadMetricPage(p, w.metric, false)],
        ['judges page', async () => (await import('../lib/agreement/page/load-judges-page')).loadJudgesPage(p, w.dataset)],
        ['alert rule page', async () => (await import('../lib/alerts/page/load-alert-page')).loadAlertPage(p, w.alert)],
        ['schedule page', async () => (await import('../lib/schedules/page/load-schedule-page')).loadSchedulePage(p, w.schedule)],
      ];
      for (const [name, load] of loaders) {
        const outcome = await load().then(
          (value) => ({ value }),
          (error: { code?: string }) => ({ code: error.code }),
        );
        if ('value' in outcome) {
          // A search that runs at all finds nothing of B.
          expect(JSON.stringify(outcome.value), name).not.toMatch(/pricing|Sales secret/);
          expect(name).toBe('dataset search');
        } else expect(outcome.code, name).toBe('NOT_FOUND');
      }
      const pages = [
        (await import('../lib/home/page/load-home-page')).loadHomePage(p),
        (await import('../lib/datasets/page/load-dataset-list')).loadDatasetList(p),
        (await import('../lib/runs/page/load-runs-page')).loadRunsPage(p),
        (await import('../lib/replay/page/load-replay-list')).loadReplayList(p),
        (await import('../lib/online/page/load-online-rules-page')).loadOnlineRulesPage(p),
        (await import('../lib/custom-metrics/page/load-metrics-page')).loadMetricsPage(p),
        (await import('../lib/compare/page/load-recent-trends')).loadRecentTrends(p),
        (await import('../lib/connections/page/load-connections-page')).loadConnectionsPage(p),
        (await import('../lib/compare/page/load-picker-panel')).loadPickerPanel(p, { page: 1, candidates: [] } as never),
        (await import('../lib/alerts/page/load-alerts-page')).loadAlertsPage(p),
        (await import('../lib/schedules/page/load-schedules-page')).loadSchedulesPage(p),
        (await import('../lib/alerts/page/load-alert-form-options')).loadAlertFormOptions(p),
        (await import('../lib/retention/page/load-retention-panel')).loadRetentionPanel(p, w.live),
      ];
      for (const page of await Promise.all(pages)) {
        const text = JSON.stringify(page);
        for (const secret of [...secretsOf(w), 'sales-judge']) expect(text).not.toContain(secret);
      }
    });
  });

  it('lands spans where the ingest key belongs, and refuses a key sent to another project', async () => {
    const otel = await route<{ POST: Handler }>('otel/v1/traces/route.ts');
    const span = (trace: string) => JSON.stringify(spanExport('shop', [{ traceId: trace.padStart(32, '0'), spanId: trace.padStart(16, '0'), start: 1_750_000_100_000, attributes: genAiChatAttributes('c-1', 'Where is my refund?', 'On its way.') }]));
    const bConversations = await getDb().conversation.count({ where: { datasetId: w.live } });
    expect((await otel.POST(new Request(`${BASE}/api/otel/v1/traces`, { method: 'POST', headers: auth(w.keys.aIngest, { 'content-type': 'application/json' }), body: span('a1') }))).status).toBe(200);
    await processPendingBatches(getDb(), {});
    // Same service name, same conversation id, other project: a live dataset of A's own.
    const aLive = await getDb().liveDataset.findFirstOrThrow({ where: { projectId: w.a.id, service: 'shop' }, select: { datasetId: true } });
    expect(aLive.datasetId).not.toBe(w.live);
    expect(await getDb().conversation.count({ where: { datasetId: w.live } })).toBe(bConversations);
    expect(await getDb().turn.count({ where: { conversation: { datasetId: w.live }, content: { contains: 'refund' } } })).toBe(0);
    const sent = await otel.POST(new Request(`${BASE}/api/otel/v1/traces?project=${w.b.slug}`, { method: 'POST', headers: auth(w.keys.aIngest, { 'content-type': 'application/json' }), body: span('a2') }));
    expect(sent.status).toBe(403);
  });

  it('stores a deepeval test run in the project of its key, and pulls no dataset of another', async () => {
    const testRun = await route<{ POST: Handler }>('deepeval/v1/test-run/route.ts');
    const recorded = recordedRequest('003-POST-_v1_test_run.json');
    const res = await testRun.POST(new Request(`${BASE}/api/deepeval/v1/test-run`, { method: 'POST', headers: { 'content-type': 'application/json', 'confident-api-key': w.keys.editor }, body: JSON.stringify(recorded.body) }));
    const answer = (await res.json()) as { success: boolean; data: { id: string }; link: string };
    expect(answer.success).toBe(true);
    expect(await getDb().run.findUniqueOrThrow({ where: { id: answer.data.id }, select: { projectId: true } })).toEqual({ projectId: w.a.id });
    expect(answer.link).toContain(`/p/${w.a.slug}/runs/`);
    const pull = await (await route<{ GET: Handler }>('deepeval/v1/datasets/[alias]/route.ts')).GET(
      new Request(`${BASE}/api/deepeval/v1/datasets/${w.dataset}?finalized=false`, { headers: { 'confident-api-key': w.keys.editor } }),
      { params: Promise.resolve({ alias: w.dataset }) },
    );
    expect(pull.status).toBe(404);
    const thread = await (await route<{ POST: Handler }>('deepeval/v1/evaluate/threads/[threadId]/route.ts')).POST(
      new Request(`${BASE}/api/deepeval/v1/evaluate/threads/c-1`, { method: 'POST', headers: { 'content-type': 'application/json', 'confident-api-key': w.keys.editor }, body: JSON.stringify({ metricCollection: 'sales prod' }) }),
      { params: Promise.resolve({ threadId: 'c-1' }) },
    );
    expect(thread.status).toBe(404);
  });

  it('stops the keys of a removed member at once', async () => {
    const db = getDb();
    const admin = principalOf(actorOf({ ...w.users.admin, name: 'admin', role: 'member' }, 'session'), w.a, 'admin');
    const temp = await createPasswordUser(db, { email: 'temp@support.test', name: 'Temp', password: PASSWORD, role: 'viewer' });
    await setProjectMember(db, admin, { email: 'temp@support.test', role: 'editor' });
    const { key } = await createApiKey(db, w.a.id, temp.id, 'temp key');
    const list = get('/api/v1/datasets', 'v1/datasets/route.ts');
    expect((await list(key, w)).status).toBe(200);
    await removeMember(db, admin, temp.id);
    expect((await list(key, w)).status).toBe(401);
    // The membership alone decides: a key whose row were left behind opens nothing either.
    await setProjectMember(db, admin, { email: 'temp@support.test', role: 'viewer' });
    const again = await createApiKey(db, w.a.id, temp.id, 'second key');
    await db.projectMember.delete({ where: { projectId_userId: { projectId: w.a.id, userId: temp.id } } });
    expect((await list(again.key, w)).status).toBe(401);
  });

  it('moves a dataset with its runs only for an admin of both projects', async () => {
    const db = getDb();
    const adminOfA = principalOf(actorOf({ ...w.users.admin, name: 'admin', role: 'member' }, 'session'), w.a, 'admin');
    const datasetA = (await db.run.findUniqueOrThrow({ where: { id: w.runA }, select: { datasetId: true } })).datasetId;
    await expect(moveDataset(db, adminOfA, datasetA, w.b.slug)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const root = actorOf({ id: 'root', email: 'root@example.com', name: 'Root', role: 'admin' }, 'session');
    await setProjectMember(db, principalOf(root, w.b, 'admin'), { email: w.users.admin.email, role: 'editor' });
    await expect(moveDataset(db, adminOfA, datasetA, w.b.slug)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(moveDataset(db, principalOf(root, w.b, 'admin'), w.live, w.a.slug)).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await setProjectMember(db, principalOf(root, w.b, 'admin'), { email: w.users.admin.email, role: 'admin' });
    expect(await moveDataset(db, adminOfA, datasetA, w.b.slug)).toMatchObject({ project: { slug: w.b.slug }, runs: 1 });
    expect(await db.dataset.findUniqueOrThrow({ where: { id: datasetA }, select: { projectId: true } })).toEqual({ projectId: w.b.id });
    expect(await db.run.findUniqueOrThrow({ where: { id: w.runA }, select: { projectId: true } })).toEqual({ projectId: w.b.id });
    // A's viewer no longer finds it.
    expect((await get(`/api/v1/runs/${w.runA}`, 'v1/runs/[id]/route.ts', { id: w.runA })(w.keys.viewer, w)).status).toBe(404);
  });
});

/** What a refused write must leave as it was. */
async function snapshotB(w: World) {
  const db = getDb();
  const [alert, schedules] = await Promise.all([db.alertRule.findUnique({ where: { id: w.alert }, select: { enabled: true } }), db.schedule.count()]);
  const [runs, replay, rule, rules] = await Promise.all([
    db.run.findMany({ where: { projectId: w.b.id }, select: { id: true, status: true }, orderBy: { id: 'asc' } }),
    db.replay.findUniqueOrThrow({ where: { id: w.replay }, select: { status: true } }),
    db.onlineRule.findUnique({ where: { id: w.rule }, select: { enabled: true } }),
    db.onlineRule.count(),
  ]);
  return { runs, replay, rule, rules, alert, schedules, replays: await db.replay.count() };
}
