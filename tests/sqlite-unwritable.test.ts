import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, disconnectDb, getDb } from '../lib/db/client';
import type { Db } from '../lib/db/db-types';
import { storeBatch } from '../lib/db/queries/ingest/otlp-batches';
import { stopBatchThreads } from '../lib/db/queries/ingest/sqlite-batch-thread';
import { getRunStatus } from '../lib/db/queries/runs/get-run-status';
import { parseDataset } from '../lib/datasets';
import { saveDataset } from '../lib/imports/save-dataset';
import { enqueueRun } from '../lib/runs/queue/enqueue-run';
import { runRequestSchema } from '../lib/runs/request/run-request';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { startJudgeServer } from './helpers/judge-server';
import { genAiChatAttributes, spanExport } from './helpers/otlp-json';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { makeUnwritable, unwritableUnsupported } from './helpers/unwritable-file';
import { waitFor } from './helpers/wait-for';
import { startWorkerProcess } from './helpers/worker-process';

/*
 * A SQLite database file made unwritable under a running web server and worker (permissions
 * changed, the disk remounted read-only), then writable again. Writes are refused with a 503 that
 * says why (an OTLP exporter is told to retry), nothing is lost, and both processes take writes
 * again once the file is writable, without a restart.
 */

const unsupported = unwritableUnsupported(os.tmpdir());
const ROOT = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jsonl = (n: number, tag: string) => Array.from({ length: n }, (_, i) => JSON.stringify({ id: `${tag}-${i}`, turns: [{ role: 'user', content: `question ${i}` }, { role: 'assistant', content: `answer ${i}` }] })).join('\n');
const traceBody = (n: number) =>
  JSON.stringify(spanExport('file-bot', [{ traceId: n.toString(16).padStart(32, '0'), spanId: n.toString(16).padStart(16, '0'), start: 1_000 * n, attributes: genAiChatAttributes('c-file', `Question ${n}`, `Answer ${n}`) }]));

/** The database file and its write-ahead log, where every write goes first. */
const filesOf = (url: string) => [fileURLToPath(url), `${fileURLToPath(url)}-wal`];

describe.skipIf(unsupported)('a SQLite file made unwritable, then writable again', () => {
  const restores: (() => void)[] = [];
  afterEach(() => {
    for (const restore of restores.splice(0)) restore();
  });

  describe('the web server', () => {
    let database: FreshDatabase;
    const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH };
    let routes: { importDataset: typeof import('../app/api/datasets/import/route'); traces: typeof import('../app/api/otel/v1/traces/route') };

    beforeAll(async () => {
      database = await migratedDatabase('sqlite');
      await disconnectDb();
      process.env.DATABASE_URL = database.url;
      process.env.TURNWISE_AUTH = 'off';
      routes = { importDataset: await import('../app/api/datasets/import/route'), traces: await import('../app/api/otel/v1/traces/route') };
    });
    afterAll(async () => {
      await stopBatchThreads();
      await disconnectDb();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await database.drop();
    });

    const upload = (name: string) => routes.importDataset.POST(new Request(`http://localhost/api/datasets/import?${new URLSearchParams({ name, fileName: 'cases.jsonl' })}`, { method: 'POST', body: jsonl(2, name) }));
    const exportSpans = (n: number) => routes.traces.POST(new Request('http://localhost/api/otel/v1/traces', { method: 'POST', body: traceBody(n), headers: { 'content-type': 'application/json' } }));

    it('refuses writes with 503 saying why while the file is unwritable, and takes them again once it is writable', async () => {
      expect((await upload('before')).status).toBe(201);
      restores.push(makeUnwritable(filesOf(database.url)));
      // On the connection opened before: its writes are refused by the system as root (SQLITE_IOERR), and go through as
      // another user (chmod leaves an open file writable). Never a 500.
      expect([201, 503]).toContain((await upload('while-open')).status);
      // The next statement runs on a connection opened now (a transaction hands its connection off), as after any transaction.
      await getDb().$transaction((tx) => tx.dataset.count());

      const refused = await upload('during');
      expect(refused.status).toBe(503);
      expect((await refused.json()).error).toMatchObject({ code: 'READ_ONLY', message: expect.stringMatching(/^The database is read-only: /) });
      // The exporter is told to send the batch again later (OTLP/HTTP: 503 with Retry-After, a Status body).
      const exported = await exportSpans(1);
      expect(exported.status).toBe(503);
      expect(Number(exported.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await exported.json()).toMatchObject({ code: 14, message: expect.stringMatching(/^The database is read-only; nothing was stored/) });

      restores.pop()!();
      // The same process, no restart: the connections that found the file read-only are opened again.
      const after = await upload('after');
      expect(after.status, await after.clone().text()).toBe(201);
      expect((await exportSpans(2)).status).toBe(200);
      expect(await getDb().dataset.count({ where: { name: { in: ['before', 'during', 'after'] } } })).toBe(2);
      expect(await getDb().otlpBatch.count()).toBe(1);
    });
  });

  describe('the worker', () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    });

    it('waits while it cannot store results, then finishes the run it was scoring and ingests again', async () => {
      const fresh = await migratedDatabase('sqlite');
      const db: Db = createDbClient(fresh.url);
      cleanups.push(async () => {
        await db.$disconnect();
        await fresh.drop();
      });
      const server = await startJudgeServer({ handler: answerLikeOfflineJudge(), latencyMs: 150 });
      cleanups.push(() => server.close());
      const env = {
        DATABASE_URL: fresh.url,
        TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: ['judge-model'] }]),
        TURNWISE_RUN_CHUNK_SIZE: '2',
        TURNWISE_WORKER_POLL_MS: '200',
        TURNWISE_WORKER_LEASE_MS: '2000',
        TURNWISE_DB_RETRY_MAX_MS: '400',
        TURNWISE_INGEST_POLL_MS: '200',
        TURNWISE_DEMO: '0',
      };
      const worker = startWorkerProcess(env);
      cleanups.push(worker.stop);
      await waitFor('the worker', () => worker.output().includes('is taking runs from the sqlite queue'), { timeoutMs: 45_000, detail: worker.output });

      const demo = parseDataset(readFileSync(path.join(ROOT, 'lib/demo/demo-dataset.json'), 'utf8'), { fileName: 'demo-dataset.json' });
      const dataset = await saveDataset(db, { projectId: 'default', name: 'demo', sourceFormat: 'deepeval', conversations: demo.conversations });
      const request = runRequestSchema.parse({ datasetId: dataset.id, metrics: [{ name: 'conversation_relevancy', options: {} }], judge: { kind: 'openai', name: 'local', model: 'judge-model' }, concurrency: 1 });
      const { runId } = await enqueueRun(db, 'default', request, env);
      await waitFor('a first result', async () => (await getRunStatus(db, 'default', runId)).doneItems >= 1, { timeoutMs: 45_000, detail: worker.output });

      const restore = makeUnwritable(filesOf(fresh.url));
      restores.push(restore);
      // Longer than the run's lease: the worker must neither fail the run nor lose what it scored meanwhile.
      await sleep(3_000);
      expect(worker.alive(), worker.output()).toBe(true);
      expect((await getRunStatus(db, 'default', runId)).status, worker.output()).toBe('running');
      restore();

      await waitFor('the run to end', async () => !['queued', 'running'].includes((await getRunStatus(db, 'default', runId)).status), { timeoutMs: 60_000, detail: worker.output });
      const run = await getRunStatus(db, 'default', runId);
      expect(run.status, worker.output()).toBe('completed');
      const rows = await db.result.findMany({ where: { runId }, select: { error: true } });
      expect(rows).toHaveLength(run.totalItems);
      expect(rows.filter((r) => r.error !== null)).toEqual([]);
      // Scored by the one worker from start to end: never taken again, so nothing judged twice; every call counted.
      expect(worker.output().match(new RegExp(`run ${runId}: (started|resumed) by`, 'g'))).toEqual([`run ${runId}: started by`]);
      expect((await db.run.findUniqueOrThrow({ where: { id: runId }, select: { judgeCalls: true } })).judgeCalls).toBe(server.requests.length);
      expect(worker.output()).toMatch(/the database is read-only/);
      expect(worker.output()).toMatch(/the database is back after/);

      // Its ingest loop writes again too.
      await storeBatch(db, 'default', { signal: 'traces', encoding: 'json', gzip: false, body: Buffer.from(traceBody(3)) });
      await waitFor('the batch to be processed', async () => (await db.otlpBatch.count({ where: { processedAt: null } })) === 0, { timeoutMs: 20_000, detail: worker.output });
      expect(worker.alive(), worker.output()).toBe(true);
    }, 150_000);
  });
});
