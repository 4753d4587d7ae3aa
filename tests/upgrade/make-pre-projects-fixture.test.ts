import { createClient } from '@libsql/client';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../lib/auth/api-keys';
import { resetAuth } from '../../lib/auth/auth';
import { createPasswordUser, ensureEnvAdmin } from '../../lib/auth/users';
import { disconnectDb, getDb } from '../../lib/db/client';
import { createOnlineRule } from '../../lib/db/queries/online/online-rules';
import { saveTurnLabel } from '../../lib/db/queries/labels/turn-labels';
import { processPendingBatches } from '../../lib/ingest/process-batches';
import { stopWorkers } from '../../lib/jobs/worker-manager';
import { createOfflineJudge } from '../../lib/judge/offline';
import { scoreClosedConversations } from '../../lib/online/score-closed-conversations';
import { startServerServices } from '../../lib/server/start-server-services';
import { runCli } from '../../lib/cli/run-cli';
import { createConnection } from '../../lib/connections/connection-store';
import { connectionInputSchema } from '../../lib/connections/connection-input';
import { saveCustomMetric } from '../../lib/custom-metrics/save-custom-metric';
import { sqliteFilePath } from '../../lib/db/url';
import { freshDatabase, type FreshDatabase } from '../db/databases';
import { recordedRequest } from '../helpers/deepeval-fixtures';
import { lastUserMessage, startJudgeServer, type JudgeServer } from '../helpers/judge-server';
import { attr, genAiChatAttributes, spanExport } from '../helpers/otlp-json';
import { waitFor } from '../helpers/wait-for';

/*
 * Makes tests/fixtures/upgrade: a database of the schema before projects, with data made by the
 * code of that schema (users of each role, keys, datasets, runs, a replay, labels, a custom
 * metric, a judge connection, live traffic scored by an online rule, a deepeval test run), dumped
 * row by row per provider, and the answers the API, the page loaders and the CLI gave on it.
 * Run once with FIXTURE_PROVIDER=sqlite|postgres; the upgrade test restores the rows under the
 * old migrations, migrates, and expects the same answers.
 */

const provider = (process.env.FIXTURE_PROVIDER ?? 'sqlite') as 'sqlite' | 'postgres';
const OUT = path.resolve(import.meta.dirname, '../fixtures/upgrade');
const PASSWORD = 'upgrade password 1';
let database: FreshDatabase;
let model: JudgeServer;
const keys: Record<string, string> = {};

const TABLES = [
  'User', 'Session', 'Account', 'Verification', 'ApiKey', 'AuditEvent', 'JudgeConnection', 'CustomMetric', 'Dataset', 'Conversation', 'Turn',
  'Run', 'Result', 'TurnVerdict', 'RunScoreVector', 'JudgeCache', 'TurnLabel', 'CsvMappingMemory', 'Replay', 'ReplayTurn', 'ReplaySample',
  'OtlpBatch', 'OtelLlmCall', 'OtelTrace', 'RedactionPattern', 'LiveDataset', 'OnlineRule', 'OnlineScore', 'RunEvalExport', 'DatasetVersion',
  'RunImport', 'RunImportCase',
];

beforeAll(async () => {
  model = await startJudgeServer({ handler: (body) => ({ content: `The new model answers: ${lastUserMessage(body)}` }) });
  database = await freshDatabase(provider);
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  delete process.env.TURNWISE_AUTH;
  delete process.env.TURNWISE_API_KEY;
  process.env.TURNWISE_SECRET = 'upgrade-fixture-secret-0123456789abcdef';
  process.env.TURNWISE_EGRESS_PRIVATE = 'editors';
  resetAuth();
  await startServerServices({ ...process.env, TURNWISE_DEMO: '0', TURNWISE_WORKER_POLL_MS: '100' });
});
afterAll(async () => {
  await stopWorkers();
  await disconnectDb();
  await model?.close();
  await database?.drop();
});

const BASE = 'http://localhost';
const auth = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...extra });
const withId = (id: string) => ({ params: Promise.resolve({ id }) });

function conversations(version: number) {
  return ['refund', 'shipping', 'warranty', 'login', 'billing', 'upgrade'].map((topic, i) => ({
    external_id: topic,
    turns: [
      { role: 'user', content: `Hi, my order is ${1040 + i}. I have a ${topic} question.` },
      { role: 'assistant', content: `Thanks, I found order ${1040 + i}.`, retrieval_context: [`Order ${1040 + i} is a ${topic} case.`] },
      { role: 'user', content: `When will the ${topic} be done?` },
      { role: 'assistant', content: version === 2 && i % 2 ? 'What is your order number?' : `The ${topic} for order ${1040 + i} is done by Friday.` },
    ],
  }));
}

type Json = Record<string, unknown>;
const answers: Record<string, unknown> = {};
const ids: Record<string, string> = {};

async function json(response: Response, status = 200): Promise<Json> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return JSON.parse(body) as Json;
}

describe(`pre-projects fixture on ${provider}`, () => {
  it('makes the data through the code of that schema', async () => {
    const db = getDb();
    await ensureEnvAdmin(db, { email: 'admin@upgrade.test', password: PASSWORD });
    const editor = await createPasswordUser(db, { email: 'editor@upgrade.test', name: 'Edna Editor', password: PASSWORD, role: 'editor' });
    const viewer = await createPasswordUser(db, { email: 'viewer@upgrade.test', name: 'Vic Viewer', password: PASSWORD, role: 'viewer' });
    ids.editor = editor.id;
    ids.viewer = viewer.id;
    keys.editor = (await createApiKey(db, editor.id, 'ci', 'full')).key;
    keys.viewer = (await createApiKey(db, viewer.id, 'reader', 'full')).key;
    keys.ingest = (await createApiKey(db, editor.id, 'exporter', 'ingest')).key;

    const datasets = await import('../../app/api/v1/datasets/route');
    const runs = await import('../../app/api/v1/runs/route');
    const run = await import('../../app/api/v1/runs/[id]/route');
    const replays = await import('../../app/api/v1/replays/route');
    const replay = await import('../../app/api/v1/replays/[id]/route');
    const otel = await import('../../app/api/otel/v1/traces/route');
    const testRun = await import('../../app/api/deepeval/v1/test-run/route');

    for (const version of [1, 2]) {
      const form = new FormData();
      form.append('name', `Support v${version}`);
      form.append('modelVersion', `bot v${version}`);
      form.append('file', new Blob([JSON.stringify(conversations(version))], { type: 'application/json' }), `support-v${version}.json`);
      ids[`dataset${version}`] = (await json(await datasets.POST(new Request(`${BASE}/api/v1/datasets`, { method: 'POST', body: form, headers: auth(keys.editor) })), 201)).id as string;
      const started = await json(
        await runs.POST(
          new Request(`${BASE}/api/v1/runs`, {
            method: 'POST',
            headers: auth(keys.editor, { 'content-type': 'application/json' }),
            body: JSON.stringify({ datasetId: ids[`dataset${version}`], metrics: ['knowledge_retention', 'turn_faithfulness', 'conversation_relevancy'], judge: { kind: 'offline' } }),
          }),
        ),
        202,
      );
      ids[`run${version}`] = started.id as string;
      await waitFor(`run ${started.id}`, async () => {
        const body = await json(await run.GET(new Request(`${BASE}/api/v1/runs/${started.id}`, { headers: auth(keys.editor) }), withId(started.id as string)));
        return !['queued', 'running'].includes(body.status as string);
      });
    }

    // A teacher-forced replay of v1 against a scripted model, scored once its dataset exists.
    const startedReplay = await json(
      await replays.POST(
        new Request(`${BASE}/api/v1/replays`, {
          method: 'POST',
          headers: auth(keys.editor, { 'content-type': 'application/json' }),
          body: JSON.stringify({
            datasetId: ids.dataset1,
            target: { kind: 'openai', baseUrl: model.url, model: 'new-model' },
            mode: 'teacher-forced',
            modelVersion: 'bot v3',
            evaluate: { metrics: ['knowledge_retention'], judge: { kind: 'offline' }, compareWith: ids.run1 },
          }),
        }),
      ),
      202,
    );
    ids.replay = startedReplay.id as string;
    const replayBody = await waitFor('replay', async () => {
      const body = await json(await replay.GET(new Request(`${BASE}/api/v1/replays/${ids.replay}`, { headers: auth(keys.editor) }), withId(ids.replay)));
      if (['queued', 'running'].includes(body.status as string) || !body.runId) return false;
      const scored = await json(await run.GET(new Request(`${BASE}/api/v1/runs/${body.runId}`, { headers: auth(keys.editor) }), withId(body.runId as string)));
      return !['queued', 'running'].includes(scored.status as string) && body;
    }, { timeoutMs: 60_000 });
    ids.replayRun = replayBody.runId as string;

    // A person's labels on v1's first conversation.
    const first = await db.conversation.findFirstOrThrow({ where: { datasetId: ids.dataset1, position: 0 }, select: { id: true } });
    await saveTurnLabel(db, { conversationId: first.id, turnIndex: 1, metric: 'turn_faithfulness', verdict: 'no', reviewerId: editor.id, reviewerEmail: 'editor@upgrade.test', note: 'made up', contentHash: 'h1' });

    // A custom metric (its steps given: no judge call) and a judge connection with a key.
    await saveCustomMetric(
      db,
      { name: 'refund_policy', scope: 'conversation', criteria: 'The assistant follows the refund policy.', evaluationSteps: ['Read the policy.', 'Check the answer.'] },
      { judge: async () => createOfflineJudge(), createdBy: 'editor@upgrade.test', principal: null },
    );
    await createConnection(db, connectionInputSchema.parse({ name: 'team-judge', baseUrl: 'https://judge.example.com/v1', apiKey: 'sk-upgrade-ABCD', models: 'small, large' }), []);

    // Live traffic through the OTLP route with the ingest key, then an online rule's pass.
    for (const [n, conversation] of [['1', 'c-1'], ['2', 'c-1'], ['3', 'c-2']] as const) {
      const body = JSON.stringify(
        spanExport('shop', [{ traceId: n.padStart(32, '0'), spanId: n.padStart(16, '0'), start: 1_750_000_000_000 + Number(n) * 1000, attributes: [...genAiChatAttributes(conversation, `Question ${n} about order 77?`, `Order 77 ships on day ${n}.`), attr('app.model_version', 'prod-1')] }]),
      );
      const res = await otel.POST(new Request(`${BASE}/api/otel/v1/traces`, { method: 'POST', headers: auth(keys.ingest, { 'content-type': 'application/json' }), body }));
      expect(res.status).toBe(200);
    }
    await processPendingBatches(db, {});
    const live = await db.liveDataset.findFirstOrThrow({ select: { datasetId: true } });
    ids.liveDataset = live.datasetId;
    const rule = await createOnlineRule(
      db,
      {
        name: 'prod',
        datasetIds: [live.datasetId],
        metrics: [{ name: 'conversation_relevancy', options: {} }],
        judge: { kind: 'offline' },
        sampleRate: 100,
        idleMinutes: 5,
        dailyCapUsd: null,
        dailyCapCalls: 1000,
        dailyCapTokens: null,
        versionAttribute: 'app.model_version',
        enabled: true,
      },
      editor.id,
    );
    ids.rule = rule.id;
    await scoreClosedConversations({ db, env: process.env, now: new Date(Date.now() + 10 * 60_000) });

    // A deepeval test run through its client's route (the recorded bodies), with the editor's key.
    const recorded = recordedRequest('003-POST-_v1_test_run.json');
    const sent = await testRun.POST(
      new Request(`${BASE}/api/deepeval/v1/test-run`, { method: 'POST', headers: { 'content-type': 'application/json', 'confident-api-key': keys.editor }, body: JSON.stringify(recorded.body) }),
    );
    const deepeval = (await sent.json()) as { success: boolean; data: { id: string; stored: boolean } };
    expect(deepeval.success).toBe(true);
    ids.deepevalRun = deepeval.data.id;
  });

  it('records the answers of the API, the page loaders and the CLI', async () => {
    const get = async (route: string, file: string, params?: Record<string, string>, key = keys.viewer) => {
      const mod = (await import(/* @vite-ignore */ `../../app/${file}`)) as { GET: (r: Request, c?: unknown) => Promise<Response> };
      const res = await mod.GET(new Request(`${BASE}${route}`, { headers: auth(key) }), params ? { params: Promise.resolve(params) } : undefined);
      return { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
    };
    answers['GET /api/v1/datasets'] = await get('/api/v1/datasets', 'api/v1/datasets/route.ts');
    answers['GET /api/v1/runs'] = await get('/api/v1/runs?limit=100', 'api/v1/runs/route.ts');
    for (const name of ['run1', 'run2', 'replayRun', 'deepevalRun']) {
      answers[`GET /api/v1/runs/${name}`] = await get(`/api/v1/runs/${ids[name]}`, 'api/v1/runs/[id]/route.ts', { id: ids[name] });
      answers[`GET /api/v1/runs/${name}/results`] = await get(`/api/v1/runs/${ids[name]}/results?limit=500`, 'api/v1/runs/[id]/results/route.ts', { id: ids[name] });
      answers[`GET /api/v1/runs/${name}/export.csv`] = await get(`/api/v1/runs/${ids[name]}/export?format=csv`, 'api/v1/runs/[id]/export/route.ts', { id: ids[name] });
    }
    answers['GET /api/v1/compare'] = await get(`/api/v1/compare?baseline=${ids.run1}&candidate=${ids.run2}`, 'api/v1/compare/route.ts');
    answers['GET /api/v1/replays/replay'] = await get(`/api/v1/replays/${ids.replay}`, 'api/v1/replays/[id]/route.ts', { id: ids.replay });
    answers['GET /api/v1/metrics'] = await get('/api/v1/metrics', 'api/v1/metrics/route.ts');
    answers['GET /api/v1/online-rules'] = await get('/api/v1/online-rules', 'api/v1/online-rules/route.ts', undefined, keys.editor);
    answers['GET /api/datasets/dataset1/export.jsonl'] = await get(`/api/datasets/${ids.dataset1}/export?format=jsonl`, 'api/datasets/[id]/export/route.ts', { id: ids.dataset1 });

    // The pages' loaders, as the pages read them.
    const page = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    answers['page /'] = page(await (await import('../../lib/home/page/load-home-page')).loadHomePage());
    answers['page /datasets'] = page(await (await import('../../lib/datasets/page/load-dataset-list')).loadDatasetList());
    answers['page /datasets/dataset1'] = page(await (await import('../../lib/datasets/page/load-dataset-page')).loadDatasetPage(ids.dataset1));
    answers['page /runs'] = page(await (await import('../../lib/runs/page/load-runs-page')).loadRunsPage());
    answers['page /runs/run1'] = page(await (await import('../../lib/runs/page/load-run-page')).loadRunPage(ids.run1, {}));
    answers['page /replays'] = page(await (await import('../../lib/replay/page/load-replay-list')).loadReplayList());
    answers['page /online'] = page(await (await import('../../lib/online/page/load-online-rules-page')).loadOnlineRulesPage());
    answers['page /metrics'] = page(await (await import('../../lib/custom-metrics/page/load-metrics-page')).loadMetricsPage());
    answers['page /trends'] = page(await (await import('../../lib/compare/page/load-recent-trends')).loadRecentTrends());

    let out = '';
    const code = await runCli(['compare', ids.run1, ids.run2, '--json', '-'], { stdout: (t: string) => void (out += t), stderr: () => undefined } as never);
    answers['turnwise compare run1 run2 --json -'] = { code, out };

    // Strip what differs per provider from nothing: the ids are in the dump.
    fs.mkdirSync(OUT, { recursive: true });
    fs.writeFileSync(path.join(OUT, `answers-${provider}.json`), `${JSON.stringify({ ids, keys, answers }, null, 1)}\n`);
  });

  it('dumps every table as stored', async () => {
    await stopWorkers();
    await disconnectDb();
    const tables: Record<string, unknown[]> = {};
    if (provider === 'sqlite') {
      const client = createClient({ url: `file:${sqliteFilePath(database.url)}` });
      for (const table of TABLES) {
        const result = await client.execute(`SELECT * FROM "${table}"`);
        tables[table] = result.rows.map((row) =>
          Object.fromEntries(result.columns.map((c, i) => {
            const value = row[i];
            if (value instanceof ArrayBuffer) return [c, { $bytes: Buffer.from(value).toString('base64') }];
            if (typeof value === 'bigint') return [c, Number(value)];
            return [c, value];
          })),
        );
      }
      client.close();
    } else {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      for (const table of TABLES) {
        const result = await client.query(`SELECT row_to_json(t) AS row FROM "${table}" t`);
        tables[table] = result.rows.map((r: { row: unknown }) => r.row);
      }
      await client.end();
    }
    fs.writeFileSync(path.join(OUT, `pre-projects-${provider}.json`), `${JSON.stringify({ tables }, null, 0)}\n`);
  });
});
