import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { getRunStatus } from '@/lib/db/queries/runs/get-run-status';
import { storeBatch } from '@/lib/db/queries/ingest/otlp-batches';
import { parseDataset } from '@/lib/datasets';
import { saveDataset } from '@/lib/imports/save-dataset';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { stopBoss } from '@/lib/jobs/pg-boss/boss';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import { migratedDatabase, TEST_POSTGRES_URL } from './db/databases';
import { startJudgeServer } from './helpers/judge-server';
import { genAiChatAttributes, spanExport } from './helpers/otlp-json';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';
import { waitFor } from './helpers/wait-for';
import { startWorkerProcess } from './helpers/worker-process';

/*
 * A `npm run worker` process on PostgreSQL while its database blinks: away when it starts, cut off
 * (refused, every connection dropped) for longer than a chunk's lease, then read-only with every session ended (as
 * a restart or a failover looks to a client). The shared server is never touched: the worker talks
 * to it through a TCP proxy the test cuts, and read-only is a setting of the test's own database.
 * The worker must live through it, and the run it was scoring end complete, each chunk scored once.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const demo = parseDataset(readFileSync(path.join(ROOT, 'lib/demo/demo-dataset.json'), 'utf8'), { fileName: 'demo-dataset.json' });
const MODEL = 'judge-model';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** Runs `sql` on the server's maintenance connection (the test's own database is the one it changes). */
async function admin(sql: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** Ends every session on `database` but the caller's: what its clients see when the server restarts. */
const endSessions = (database: string) => admin('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);

describe.skipIf(!TEST_POSTGRES_URL)('a PostgreSQL worker while the database blinks', () => {
  it('lives through the database being away at its start, refusing connections and going read-only; the run ends complete, each chunk scored once, and ingest goes on', async () => {
    const fresh = await migratedDatabase('postgres');
    const database = decodeURIComponent(new URL(fresh.url).pathname.slice(1));
    const db: Db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await admin(`ALTER DATABASE "${database}" SET default_transaction_read_only = off`);
      await fresh.drop();
    });
    const target = new URL(fresh.url);
    const proxy: TcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const server = await startJudgeServer({ handler: answerLikeOfflineJudge(), latencyMs: 120 });
    cleanups.push(() => server.close());
    const env = {
      DATABASE_URL: proxy.urlThrough(fresh.url),
      TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: [MODEL] }]),
      TURNWISE_RUN_CHUNK_SIZE: '2',
      TURNWISE_WORKER_JOBS: '1',
      // A lease shorter than the outage: the worker's own chunk must not be handed back to the queue for it.
      TURNWISE_CHUNK_EXPIRE_SECONDS: '2',
      TURNWISE_QUEUE_MAINTENANCE_SECONDS: '1',
      TURNWISE_DB_RETRY_MAX_MS: '400',
      TURNWISE_INGEST_POLL_MS: '200',
      TURNWISE_DEMO: '0',
    };
    // Started while the database is away: it waits for it rather than exit.
    await proxy.cut();
    const worker = startWorkerProcess(env);
    cleanups.push(worker.stop);
    await waitFor('the worker to find the database away', () => worker.output().includes('the database is out of reach'), { timeoutMs: 45_000, detail: worker.output });
    await sleep(1_000);
    expect(worker.alive(), worker.output()).toBe(true);
    await proxy.restore();
    await waitFor('the worker', () => worker.output().includes('is taking runs from the pg-boss queue'), { timeoutMs: 45_000, detail: worker.output });

    const dataset = await saveDataset(db, { projectId: 'default', name: 'demo', sourceFormat: 'deepeval', conversations: [...demo.conversations, ...demo.conversations.map((c, i) => ({ ...c, externalId: `${c.externalId ?? i}-again` }))] });
    const request = runRequestSchema.parse({ datasetId: dataset.id, metrics: [{ name: 'conversation_relevancy', options: {} }], judge: { kind: 'openai', name: 'local', model: MODEL }, concurrency: 1 });
    const { runId } = await enqueueRun(db, 'default', request, { ...env, DATABASE_URL: fresh.url });
    cleanups.push(() => stopBoss(fresh.url));
    await waitFor('a first result', async () => (await getRunStatus(db, 'default', runId)).doneItems >= 1, { timeoutMs: 45_000, detail: worker.output });

    // Away: every connection dropped, new ones refused, for longer than a chunk's lease.
    await proxy.cut();
    await sleep(3_000);
    expect(worker.alive(), worker.output()).toBe(true);
    await proxy.restore();
    await waitFor('the run to go on', async () => (await getRunStatus(db, 'default', runId)).doneItems >= 3, { timeoutMs: 30_000, detail: worker.output });

    // Read-only, every session ended (a failover to a standby, a restart into recovery), then writable again.
    await admin(`ALTER DATABASE "${database}" SET default_transaction_read_only = on`);
    await endSessions(database);
    await sleep(2_500);
    expect(worker.alive(), worker.output()).toBe(true);
    await admin(`ALTER DATABASE "${database}" SET default_transaction_read_only = off`);
    await endSessions(database);

    await waitFor('the run to end', async () => !['queued', 'running'].includes((await getRunStatus(db, 'default', runId)).status), { timeoutMs: 60_000, detail: worker.output });
    const run = await getRunStatus(db, 'default', runId);
    expect(run.status, worker.output()).toBe('completed');
    const rows = await db.result.findMany({ where: { runId }, select: { conversationId: true, metric: true, error: true } });
    expect(rows).toHaveLength(run.totalItems);
    expect(rows.filter((r) => r.error !== null)).toEqual([]);
    // No chunk was given up on or handed back: each was taken once and scored once.
    const jobs = () => db.$queryRawUnsafe<{ state: string; retry_count: number }[]>(`SELECT state, retry_count FROM pgboss.job WHERE name = 'turnwise-run-chunks'`);
    // pg-boss marks the last job completed just after the run closed.
    await waitFor('every chunk job to be marked', async () => (await jobs()).every((j) => j.state !== 'active'), { detail: worker.output });
    expect((await jobs()).map((j) => [j.state, j.retry_count])).toEqual(Array.from({ length: 6 }, () => ['completed', 0]));
    // Every judge call the run made is counted on it, those made while its counts could not be written included.
    expect((await db.run.findUniqueOrThrow({ where: { id: runId }, select: { judgeCalls: true } })).judgeCalls).toBe(server.requests.length);
    for (let from = 0; from < 12; from += 2) expect(worker.output().match(new RegExp(`run ${runId}: chunk ${from}–${from + 2} scored`, 'g')), worker.output()).toHaveLength(1);

    // The ingest loop came back too: a body stored now is turned into a conversation.
    const body = Buffer.from(JSON.stringify(spanExport('blink-bot', [{ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), start: 1_000, attributes: genAiChatAttributes('c-blink', 'Still there?', 'Yes.') }])));
    await storeBatch(db, 'default', { signal: 'traces', encoding: 'json', gzip: false, body });
    await waitFor('the batch to be processed', async () => (await db.otlpBatch.count({ where: { processedAt: null } })) === 0, { timeoutMs: 20_000, detail: worker.output });
    expect(await db.conversation.count({ where: { externalId: 'c-blink' } })).toBe(1);

    expect(worker.alive(), worker.output()).toBe(true);
    // It said what happened, once per outage rather than once per attempt.
    expect(worker.output()).toMatch(/the database is out of reach/);
    expect(worker.output()).toMatch(/the database is read-only/);
    expect(worker.output()).toMatch(/the database is back after/);
  }, 150_000);
});
