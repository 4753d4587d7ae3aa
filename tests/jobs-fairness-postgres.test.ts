import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { saveDataset } from '@/lib/imports/save-dataset';
import { startWorkers, stopWorkers } from '@/lib/jobs/worker-manager';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { enqueueRunChunks } from '@/lib/runs/queue/run-chunk-queue';
import { runJobs } from '@/lib/runs/queue/run-jobs';
import { migratedDatabase, TEST_POSTGRES_URL } from './db/databases';
import { startJudgeServer } from './helpers/judge-server';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { waitFor } from './helpers/wait-for';

/* On PostgreSQL, chunks of the runs on the queue are taken in turn (lib/jobs/pg-boss/boss.ts, enqueueChunks). */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const conversation = (i: number) => ({
  turns: [
    { role: 'user' as const, content: `My order number is ${1000 + i}.` },
    { role: 'assistant' as const, content: `Order ${1000 + i} arrives on Friday.` },
  ],
});

async function queueRun(db: Db, url: string, env: Record<string, string>, name: string, count: number): Promise<string> {
  const dataset = await saveDataset(db, { projectId: 'default', name, sourceFormat: 'turnwise', conversations: Array.from({ length: count }, (_, i) => conversation(i)) });
  const run = await createRun(db, { projectId: 'default', datasetId: dataset.id, modelVersion: name, judgeKind: 'openai', judgeName: 'slow', judgeModel: 'm', metricSettings: { knowledge_retention: {} }, concurrency: 1, totalItems: count, status: 'queued' });
  await enqueueRunChunks(url, { id: run.id, conversations: count }, env);
  return run.id;
}

describe.skipIf(!TEST_POSTGRES_URL)('runs on pg-boss, one chunk job at a time', () => {
  it('score a run queued behind a long one at the long one’s next chunk, not after all its chunks', { timeout: 90_000 }, async () => {
    const fresh = await migratedDatabase('postgres');
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const server = await startJudgeServer({ handler: answerLikeOfflineJudge(), latencyMs: 200 });
    cleanups.push(() => server.close());
    const env = { DATABASE_URL: fresh.url, TURNWISE_WORKER_JOBS: '1', TURNWISE_RUN_CHUNK_SIZE: '1' };
    const long = await queueRun(db, fresh.url, env, 'long', 60);
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'm', concurrency: 1 });
    await startWorkers(env, { db, kinds: [runJobs({ judge })], log: () => undefined });
    cleanups.push(() => stopWorkers());
    const row = (id: string) => db.run.findUniqueOrThrow({ where: { id }, select: { status: true, doneItems: true, totalItems: true } });
    await waitFor('the long run to score', async () => (await row(long)).doneItems > 0, { timeoutMs: 45_000 });

    const short = await queueRun(db, fresh.url, env, 'short', 2);
    await waitFor('the short run to end', async () => (await row(short)).status === 'completed', { timeoutMs: 45_000 });
    const run = await row(long);
    expect(run.status).toBe('running');
    expect(run.doneItems).toBeLessThan(run.totalItems);
  });
});
