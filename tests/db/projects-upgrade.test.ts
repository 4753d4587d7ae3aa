import { createClient } from '@libsql/client';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listActorProjects } from '@/lib/auth/project-access';
import { resetAuth } from '@/lib/auth/auth';
import { runCli } from '@/lib/cli/run-cli';
import { createDbClient, disconnectDb, getDb } from '@/lib/db/client';
import { applyMigrations } from '@/lib/db/migrations';
import { sqliteFilePath, type DbProvider } from '@/lib/db/url';
import { actorOf } from '@/lib/identity/principal';
import { DEFAULT_PROJECT_ID } from '@/lib/identity/project';
import { rootBefore } from './root-before';
import { freshDatabase, providers, type FreshDatabase } from './databases';

/*
 * A database of the schema before projects, with data made by the code of that time
 * (tests/fixtures/upgrade), restored row by row under the migrations of that time, then
 * migrated: everything is in the project "Default", and the REST API, the pages' loaders and the
 * CLI answer exactly what they answered before.
 */
const MIGRATION = '20261129083426_projects';
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/upgrade');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'turnwise-upgrade-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Row = Record<string, unknown>;
interface Answers {
  ids: Record<string, string>;
  keys: Record<string, string>;
  answers: Record<string, unknown>;
}


/** Inserts every table's rows as they were dumped; a table whose parents are not in yet waits for the next round. */
async function restore(provider: DbProvider, url: string, tables: Record<string, Row[]>): Promise<void> {
  const insertAll = provider === 'sqlite' ? await sqliteInserter(url) : await postgresInserter(url);
  try {
    let pending = Object.keys(tables).filter((t) => tables[t].length > 0);
    while (pending.length > 0) {
      const waiting: string[] = [];
      for (const table of pending) {
        if (!(await insertAll.table(table, tables[table]))) waiting.push(table);
      }
      if (waiting.length === pending.length) throw new Error(`cannot restore ${waiting.join(', ')}: ${insertAll.lastError()}`);
      pending = waiting;
    }
  } finally {
    await insertAll.close();
  }
}

async function sqliteInserter(url: string) {
  const client = createClient({ url: `file:${sqliteFilePath(url)}` });
  let last = '';
  return {
    lastError: () => last,
    close: async () => client.close(),
    async table(table: string, rows: Row[]): Promise<boolean> {
      const columns = Object.keys(rows[0]);
      const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
      const value = (v: unknown) => (v && typeof v === 'object' && '$bytes' in v ? Buffer.from((v as { $bytes: string }).$bytes, 'base64') : (v as never));
      try {
        await client.batch(rows.map((row) => ({ sql, args: columns.map((c) => value(row[c])) })), 'write');
        return true;
      } catch (error) {
        last = (error as Error).message;
        return false;
      }
    },
  };
}

async function postgresInserter(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let last = '';
  return {
    lastError: () => last,
    close: () => client.end(),
    async table(table: string, rows: Row[]): Promise<boolean> {
      try {
        await client.query('BEGIN');
        for (const row of rows) await client.query(`INSERT INTO "${table}" SELECT * FROM json_populate_record(NULL::"${table}", $1::json)`, [JSON.stringify(row)]);
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client.query('ROLLBACK');
        last = (error as Error).message;
        return false;
      }
    },
  };
}

/*
 * Two things are left out of the comparison. `judgeCallsSent`: on PostgreSQL the fixture's rows
 * were dumped a moment after its answers were recorded, and the replay's run had counted its sent
 * judge calls in between (the dump says 30, the answer 0). `projectId` in what a page's loader
 * reads: a new column the pages do not show. Bodies that are JSON are compared as values (jsonb
 * gives a stored object's keys in its own order).
 */
const LEFT_OUT = new Set(['judgeCallsSent']);
function comparable(value: unknown, leftOut = LEFT_OUT): unknown {
  if (Array.isArray(value)) return value.map((v) => comparable(v, leftOut));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => !leftOut.has(k)).map(([k, v]) => [k, comparable(v, leftOut)]));
  if (typeof value === 'string' && /^[[{]/.test(value)) {
    try {
      return comparable(JSON.parse(value) as unknown, leftOut);
    } catch {
      return value;
    }
  }
  return value;
}
const ofPage = (value: unknown) => comparable(JSON.parse(JSON.stringify(value)) as unknown, new Set([...LEFT_OUT, 'projectId']));

describe.each(providers)('upgrading a database of the schema before projects on %s', { timeout: 240_000 }, (provider) => {
  let fresh: FreshDatabase;
  const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURES, `answers-${provider}.json`), 'utf8')) as Answers;
  const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_SECRET: process.env.TURNWISE_SECRET, TURNWISE_AUTH: process.env.TURNWISE_AUTH };

  beforeAll(async () => {
    fresh = await freshDatabase(provider);
    const file = sqliteFilePath(fresh.url);
    if (file) fs.mkdirSync(path.dirname(file), { recursive: true });
    await applyMigrations(fresh.url, { root: rootBefore(tmp, provider, MIGRATION) });
    const { tables } = JSON.parse(fs.readFileSync(path.join(FIXTURES, `pre-projects-${provider}.json`), 'utf8')) as { tables: Record<string, Row[]> };
    await restore(provider, fresh.url, tables);
    expect((await applyMigrations(fresh.url))[0]).toBe(MIGRATION);
    await disconnectDb();
    process.env.DATABASE_URL = fresh.url;
    process.env.TURNWISE_SECRET = 'upgrade-fixture-secret-0123456789abcdef';
    delete process.env.TURNWISE_AUTH;
    resetAuth();
  });
  afterAll(async () => {
    await disconnectDb();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetAuth();
    await fresh?.drop();
  });

  it('puts every record in the project "Default" and keeps each user\'s role there', async () => {
    const db = createDbClient(fresh.url);
    try {
      for (const model of ['dataset', 'run', 'replay', 'liveDataset', 'onlineRule', 'customMetric', 'judgeConnection', 'apiKey', 'datasetVersion', 'runImport', 'otlpBatch', 'otelLlmCall', 'otelTrace'] as const) {
        const delegate = db[model] as unknown as { count(args?: unknown): Promise<number> };
        expect(await delegate.count({ where: { NOT: { projectId: DEFAULT_PROJECT_ID } } }), model).toBe(0);
        expect(await delegate.count(), model).toBeGreaterThan(0);
      }
      expect(await db.project.findMany({ select: { id: true, slug: true, name: true } })).toEqual([{ id: 'default', slug: 'default', name: 'Default' }]);
      const users = await db.user.findMany({ select: { email: true, role: true, projects: { select: { projectId: true, role: true } } }, orderBy: { email: 'asc' } });
      expect(users).toEqual([
        { email: 'admin@upgrade.test', role: 'admin', projects: [] },
        { email: 'editor@upgrade.test', role: 'member', projects: [{ projectId: 'default', role: 'editor' }] },
        { email: 'viewer@upgrade.test', role: 'member', projects: [{ projectId: 'default', role: 'viewer' }] },
      ]);
      // One project: nobody is offered a choice of project.
      for (const user of await db.user.findMany()) expect(await listActorProjects(db, actorOf(user, 'session'))).toHaveLength(1);
    } finally {
      await db.$disconnect();
    }
  });

  it('answers the REST API exactly as before, with the keys made before', async () => {
    const { ids, keys, answers } = fixture;
    const get = async (route: string, file: string, params?: Record<string, string>, key = keys.viewer) => {
      const mod = (await import(/* @vite-ignore */ `../../app/${file}`)) as { GET: (r: Request, c?: unknown) => Promise<Response> };
      const res = await mod.GET(new Request(`http://localhost${route}`, { headers: { authorization: `Bearer ${key}` } }), params ? { params: Promise.resolve(params) } : undefined);
      return { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
    };
    const same = async (name: string, answer: Promise<unknown>) => expect(comparable(await answer), name).toEqual(comparable(answers[name]));
    await same('GET /api/v1/datasets', get('/api/v1/datasets', 'api/v1/datasets/route.ts'));
    await same('GET /api/v1/runs', get('/api/v1/runs?limit=100', 'api/v1/runs/route.ts'));
    for (const name of ['run1', 'run2', 'replayRun', 'deepevalRun']) {
      await same(`GET /api/v1/runs/${name}`, get(`/api/v1/runs/${ids[name]}`, 'api/v1/runs/[id]/route.ts', { id: ids[name] }));
      await same(`GET /api/v1/runs/${name}/results`, get(`/api/v1/runs/${ids[name]}/results?limit=500`, 'api/v1/runs/[id]/results/route.ts', { id: ids[name] }));
      await same(`GET /api/v1/runs/${name}/export.csv`, get(`/api/v1/runs/${ids[name]}/export?format=csv`, 'api/v1/runs/[id]/export/route.ts', { id: ids[name] }));
    }
    await same('GET /api/v1/compare', get(`/api/v1/compare?baseline=${ids.run1}&candidate=${ids.run2}`, 'api/v1/compare/route.ts'));
    await same('GET /api/v1/replays/replay', get(`/api/v1/replays/${ids.replay}`, 'api/v1/replays/[id]/route.ts', { id: ids.replay }));
    await same('GET /api/v1/metrics', get('/api/v1/metrics', 'api/v1/metrics/route.ts'));
    await same('GET /api/v1/online-rules', get('/api/v1/online-rules', 'api/v1/online-rules/route.ts', undefined, keys.editor));
    await same('GET /api/datasets/dataset1/export.jsonl', get(`/api/datasets/${ids.dataset1}/export?format=jsonl`, 'api/datasets/[id]/export/route.ts', { id: ids.dataset1 }));
  });

  it('gives the pages the same data as before', async () => {
    const { ids, answers } = fixture;
    const p = DEFAULT_PROJECT_ID;
    expect(ofPage(await (await import('@/lib/home/page/load-home-page')).loadHomePage(p))).toEqual(ofPage(answers['page /']));
    expect(ofPage(await (await import('@/lib/datasets/page/load-dataset-list')).loadDatasetList(p))).toEqual(ofPage(answers['page /datasets']));
    expect(ofPage(await (await import('@/lib/datasets/page/load-dataset-page')).loadDatasetPage(p, ids.dataset1))).toEqual(ofPage(answers['page /datasets/dataset1']));
    expect(ofPage(await (await import('@/lib/runs/page/load-runs-page')).loadRunsPage(p))).toEqual(ofPage(answers['page /runs']));
    expect(ofPage(await (await import('@/lib/runs/page/load-run-page')).loadRunPage(p, ids.run1, {}))).toEqual(ofPage(answers['page /runs/run1']));
    expect(ofPage(await (await import('@/lib/replay/page/load-replay-list')).loadReplayList(p))).toEqual(ofPage(answers['page /replays']));
    expect(ofPage(await (await import('@/lib/online/page/load-online-rules-page')).loadOnlineRulesPage(p))).toEqual(ofPage(answers['page /online']));
    expect(ofPage(await (await import('@/lib/custom-metrics/page/load-metrics-page')).loadMetricsPage(p))).toEqual(ofPage(answers['page /metrics']));
    expect(ofPage(await (await import('@/lib/compare/page/load-recent-trends')).loadRecentTrends(p))).toEqual(ofPage(answers['page /trends']));
  });

  it('answers `turnwise compare` as before, without naming a project', async () => {
    const { ids, answers } = fixture;
    let out = '';
    const code = await runCli(['compare', ids.run1, ids.run2, '--json', '-'], { env: process.env, stdout: (t: string) => void (out += t), stderr: () => undefined });
    expect(comparable({ code, out })).toEqual(comparable(answers['turnwise compare run1 run2 --json -']));
    // The CLI connected on its own: the next test's routes open theirs again.
    expect(getDb()).toBeDefined();
  });
});
