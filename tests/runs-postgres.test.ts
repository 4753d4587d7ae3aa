import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { saveDataset } from '@/lib/imports/save-dataset';
import { getRunStatus } from '@/lib/db/queries/runs/get-run-status';
import { parseDataset } from '@/lib/datasets';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { createMetric, applicableMetrics, metricApplies } from '@/lib/metrics/registry';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { stopBoss } from '@/lib/jobs/pg-boss/boss';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import { migratedDatabase, TEST_POSTGRES_URL } from './db/databases';
import { startJudgeServer } from './helpers/judge-server';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { waitFor } from './helpers/wait-for';
import { startWorkerProcess, type WorkerProcess } from './helpers/worker-process';

/*
 * On PostgreSQL a run is a set of pg-boss jobs, one per chunk of conversations, that
 * worker processes share. Two `bin/worker.ts` processes on a fresh database, one run of
 * six one-conversation chunks: both take part and the result set is complete, once each.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const demo = parseDataset(readFileSync(path.join(ROOT, 'lib/demo/demo-dataset.json'), 'utf8'), { fileName: 'demo-dataset.json' });
const METRICS = applicableMetrics(demo.conversations);
const MODEL = 'judge-model';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function workerProcess(env: Record<string, string>): WorkerProcess {
  const worker = startWorkerProcess(env);
  cleanups.push(worker.stop);
  return worker;
}

describe.skipIf(!TEST_POSTGRES_URL)('runs on PostgreSQL through pg-boss', () => {
  it('two worker processes share one run chunk by chunk; every result is stored once', async () => {
    const fresh = await migratedDatabase('postgres');
    const db: Db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const server = await startJudgeServer({ handler: answerLikeOfflineJudge(), latencyMs: 20 });
    cleanups.push(() => server.close());
    const env = {
      DATABASE_URL: fresh.url,
      TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: [MODEL] }]),
      TURNWISE_RUN_CHUNK_SIZE: '1',
      TURNWISE_WORKER_JOBS: '1',
    };

    const workers = [workerProcess(env), workerProcess(env)];
    const ready = (w: { output: () => string }) => w.output().includes('is taking runs from the pg-boss queue');
    await waitFor('both workers', () => workers.every(ready), { timeoutMs: 45_000, detail: () => workers.map((w) => w.output()).join('\n---\n') });

    const dataset = await saveDataset(db, { projectId: 'default', name: 'demo', sourceFormat: 'deepeval', conversations: demo.conversations });
    const request = runRequestSchema.parse({
      datasetId: dataset.id,
      metrics: METRICS.map((name) => ({ name, options: {} })),
      judge: { kind: 'openai', name: 'local', model: MODEL },
      concurrency: 2,
    });
    const { runId } = await enqueueRun(db, 'default', request, env);
    cleanups.push(() => stopBoss(fresh.url));

    await waitFor('the run to end', async () => !['queued', 'running'].includes((await getRunStatus(db, 'default', runId)).status), {
      timeoutMs: 60_000,
      detail: () => workers.map((w) => w.output()).join('\n---\n'),
    });
    const run = await getRunStatus(db, 'default', runId);
    const rows = await db.result.findMany({
      where: { runId },
      select: { conversationId: true, metric: true, score: true, error: true, conversation: { select: { position: true } } },
    });

    expect(run.status).toBe('completed');
    expect(rows).toHaveLength(run.totalItems);
    expect(run.doneItems).toBe(run.totalItems);
    expect(new Set(rows.map((r) => `${r.conversationId}:${r.metric}`)).size).toBe(run.totalItems);
    // Both processes scored chunks of this run.
    for (const w of workers) expect(w.output()).toMatch(new RegExp(`run ${runId}: chunk \\d+–\\d+ scored`));

    // The scores are the metrics' own on the same conversations.
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: null, model: MODEL });
    const expected: [number, string, number | null][] = [];
    for (const [i, c] of demo.conversations.entries()) {
      for (const name of METRICS) {
        if (metricApplies(name, c)) expected.push([i, name, (await createMetric(name, judge, {}).measure(c)).score]);
      }
    }
    const got = rows.map((r) => [r.conversation.position, r.metric, r.error ? null : r.score] as [number, string, number | null]);
    const order = (a: [number, string, unknown], b: [number, string, unknown]) => a[0] - b[0] || a[1].localeCompare(b[1]);
    expect(got.sort(order)).toEqual(expected.sort(order));
  }, 90_000);

  it('a chunk slower than its job expiry stays with its worker: not handed to a second one, not judged twice', async () => {
    const fresh = await migratedDatabase('postgres');
    const db: Db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const server = await startJudgeServer({ handler: answerLikeOfflineJudge(), latencyMs: 250 });
    cleanups.push(() => server.close());
    const env = {
      DATABASE_URL: fresh.url,
      TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: [MODEL] }]),
      TURNWISE_RUN_CHUNK_SIZE: '1000',
      TURNWISE_WORKER_JOBS: '1',
      TURNWISE_CHUNK_EXPIRE_SECONDS: '3',
      TURNWISE_QUEUE_MAINTENANCE_SECONDS: '1',
    };
    const workers = [workerProcess(env), workerProcess(env)];
    const ready = (w: { output: () => string }) => w.output().includes('is taking runs from the pg-boss queue');
    await waitFor('both workers', () => workers.every(ready), { timeoutMs: 45_000, detail: () => workers.map((w) => w.output()).join('\n---\n') });

    const dataset = await saveDataset(db, { projectId: 'default', name: 'demo', sourceFormat: 'deepeval', conversations: demo.conversations });
    const request = runRequestSchema.parse({
      datasetId: dataset.id,
      metrics: [{ name: 'conversation_relevancy', options: {} }],
      judge: { kind: 'openai', name: 'local', model: MODEL },
      concurrency: 1,
    });
    const started = Date.now();
    const { runId } = await enqueueRun(db, 'default', request, env);
    cleanups.push(() => stopBoss(fresh.url));
    await waitFor('the run to end', async () => !['queued', 'running'].includes((await getRunStatus(db, 'default', runId)).status), {
      timeoutMs: 80_000,
      detail: () => workers.map((w) => w.output()).join('\n---\n'),
    });
    const seconds = (Date.now() - started) / 1000;
    const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, judgeCalls: true } });
    expect(run.status).toBe('completed');
    // The one chunk took several expiry periods, and only one worker ever worked it.
    expect(seconds).toBeGreaterThan(2 * 3);
    const scoredBy = workers.filter((w) => new RegExp(`run ${runId}: chunk 0–\\d+ (scored|failed)`).test(w.output()));
    expect(scoredBy).toHaveLength(1);
    expect(server.requests.length).toBe(run.judgeCalls);
    const jobs = await db.$queryRawUnsafe<{ retry_count: number }[]>(`SELECT retry_count FROM pgboss.job WHERE name = 'turnwise-run-chunks'`);
    expect(jobs.map((j) => j.retry_count)).toEqual([0]);
  }, 120_000);

  it('the chunk of a worker that was killed goes to another worker once its lease runs out', async () => {
    const fresh = await migratedDatabase('postgres');
    const db: Db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const server = await startJudgeServer({ handler: answerLikeOfflineJudge(), latencyMs: 250 });
    cleanups.push(() => server.close());
    const env = {
      DATABASE_URL: fresh.url,
      TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: [MODEL] }]),
      TURNWISE_RUN_CHUNK_SIZE: '1000',
      TURNWISE_WORKER_JOBS: '1',
      TURNWISE_CHUNK_EXPIRE_SECONDS: '3',
      TURNWISE_QUEUE_MAINTENANCE_SECONDS: '1',
    };
    const first = workerProcess(env);
    await waitFor('the first worker', () => first.output().includes('is taking runs from the pg-boss queue'), { timeoutMs: 45_000, detail: first.output });
    const dataset = await saveDataset(db, { projectId: 'default', name: 'demo', sourceFormat: 'deepeval', conversations: demo.conversations });
    const request = runRequestSchema.parse({
      datasetId: dataset.id,
      metrics: [{ name: 'conversation_relevancy', options: {} }],
      judge: { kind: 'openai', name: 'local', model: MODEL },
      concurrency: 1,
    });
    const { runId } = await enqueueRun(db, 'default', request, env);
    cleanups.push(() => stopBoss(fresh.url));
    await waitFor('a first result', async () => (await getRunStatus(db, 'default', runId)).doneItems >= 1, { timeoutMs: 45_000, detail: first.output });
    first.child.kill('SIGKILL');

    const second = workerProcess(env);
    await waitFor('the run to end', async () => !['queued', 'running'].includes((await getRunStatus(db, 'default', runId)).status), { timeoutMs: 60_000, detail: second.output });
    const run = await getRunStatus(db, 'default', runId);
    expect(run.status).toBe('completed');
    expect(run.doneItems).toBe(run.totalItems);
    expect(second.output()).toMatch(new RegExp(`run ${runId}: chunk 0–\\d+ scored`));
    // Exactly one result per conversation and metric: what the killed worker stored stays, the rest is scored once.
    const rows = await db.result.findMany({ where: { runId }, select: { metric: true, error: true, conversation: { select: { position: true } } } });
    const expected = demo.conversations.flatMap((c, i) => (metricApplies('conversation_relevancy', c) ? [`${i}:conversation_relevancy`] : []));
    expect(rows.map((r) => `${r.conversation.position}:${r.metric}`).sort()).toEqual(expected.sort());
    expect(rows.filter((r) => r.error !== null)).toEqual([]);
  }, 120_000);
});
