import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { saveDataset } from '@/lib/imports/save-dataset';
import { startWorkers, stopWorkers } from '@/lib/jobs/worker-manager';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { cancelReplay, getReplay, startReplay } from '@/lib/replay';
import { replayJobs } from '@/lib/replay/replay-jobs';
import { runJobs } from '@/lib/runs/queue/run-jobs';
import { migratedDatabase } from './db/databases';
import { lastUserMessage, startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { waitFor } from './helpers/wait-for';

/*
 * The engine's fairness rule in one SQLite worker (lib/jobs): kinds have slots of their own, and
 * the jobs of a kind take the slots in turn, a chunk at a time. A cancel stops new work at once.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const conversation = (i: number) => ({
  externalId: `c${i}`,
  turns: [
    { role: 'user' as const, content: `My order number is ${1000 + i}.` },
    { role: 'assistant' as const, content: `Thanks, I found order ${1000 + i}.` },
    { role: 'user' as const, content: 'When does it arrive?' },
    { role: 'assistant' as const, content: `Order ${1000 + i} arrives on Friday.` },
  ],
});

async function setup(): Promise<{ db: Db; url: string }> {
  const fresh = await migratedDatabase('sqlite');
  const db = createDbClient(fresh.url);
  cleanups.push(async () => {
    await db.$disconnect();
    await fresh.drop();
  });
  return { db, url: fresh.url };
}

async function server(latencyMs: number, handler: Parameters<typeof startJudgeServer>[0]['handler']): Promise<JudgeServer> {
  const started = await startJudgeServer({ handler, latencyMs });
  cleanups.push(() => started.close());
  return started;
}

/** A run of `count` conversations, queued, scored by knowledge retention with the judge the workers are given. */
async function queueRun(db: Db, name: string, count: number): Promise<string> {
  const dataset = await saveDataset(db, { projectId: 'default', name, sourceFormat: 'turnwise', conversations: Array.from({ length: count }, (_, i) => conversation(i)) });
  const run = await createRun(db, { projectId: 'default', datasetId: dataset.id, modelVersion: name, judgeKind: 'openai', judgeName: 'slow', judgeModel: 'm', metricSettings: { knowledge_retention: {} }, concurrency: 2, totalItems: count, status: 'queued' });
  return run.id;
}

const runRow = (db: Db, id: string) => db.run.findUniqueOrThrow({ where: { id }, select: { status: true, doneItems: true, totalItems: true } });

/** One worker process's workers (the app server's), as start-server-services starts them: runs and replays, one chunk slot each. */
async function startOneWorker(db: Db, url: string, judgeUrl: string, extra: Record<string, string> = {}) {
  const env = { DATABASE_URL: url, TURNWISE_WORKER_POLL_MS: '50', TURNWISE_WORKER_RUNS: '1', TURNWISE_WORKER_REPLAYS: '1', TURNWISE_RUN_CHUNK_SIZE: '1', ...extra };
  const judge = createOpenAIJudge({ baseURL: judgeUrl, apiKey: null, model: 'm', concurrency: 2 });
  await startWorkers(env, { db, kinds: [runJobs({ judge }), replayJobs({ retries: { maxRetries: 1, retryBaseMs: 1, retryBudgetMs: 2000 } })], log: () => undefined });
  cleanups.push(() => stopWorkers());
  return env;
}

describe('one SQLite worker, a long run under way', () => {
  it('makes progress on a replay: replays have a slot of their own, whatever the runs hold', { timeout: 60_000 }, async () => {
    const { db, url } = await setup();
    const judge = await server(300, answerLikeOfflineJudge());
    const target = await server(20, (body) => ({ content: `New reply to: ${lastUserMessage(body)}` }));
    const env = await startOneWorker(db, url, judge.url);
    const long = await queueRun(db, 'long', 200);
    await waitFor('the long run to score', async () => (await runRow(db, long)).doneItems > 0);

    const source = await saveDataset(db, { projectId: 'default', name: 'to replay', sourceFormat: 'turnwise', conversations: Array.from({ length: 30 }, (_, i) => conversation(i)) });
    const { id } = await startReplay(db, 'default', { datasetId: source.id, target: { kind: 'openai', baseUrl: target.url, model: 'new' }, modelVersion: 'v2' }, null, env);
    const replay = await waitFor('the replay to end', async () => {
      const r = await getReplay(db, 'default', id);
      return r.finishedAt !== null && r;
    });
    expect(replay.status).toBe('completed');
    expect(replay.progress).toEqual({ done: 60, total: 60, errors: 0 });
    // All of it while the long run went on.
    const run = await runRow(db, long);
    expect(run.status).toBe('running');
    expect(run.doneItems).toBeLessThan(run.totalItems);
  });

  it('scores a run queued behind it at its next chunk, not after all of it: runs take the one chunk slot in turn', { timeout: 60_000 }, async () => {
    const { db, url } = await setup();
    const judge = await server(300, answerLikeOfflineJudge());
    await startOneWorker(db, url, judge.url);
    const long = await queueRun(db, 'long', 200);
    await waitFor('the long run to score', async () => (await runRow(db, long)).doneItems > 0);

    const short = await queueRun(db, 'short', 3);
    await waitFor('the short run to end', async () => (await runRow(db, short)).status === 'completed', { timeoutMs: 45_000 });
    expect((await runRow(db, short)).doneItems).toBe(3);
    const run = await runRow(db, long);
    expect(run.status).toBe('running');
    expect(run.doneItems).toBeLessThan(run.totalItems);
  });

  it('stops a cancelled replay’s target calls at once: none starts after the cancel, and no turn is stored after it', { timeout: 60_000 }, async () => {
    const { db, url } = await setup();
    const judge = await server(300, answerLikeOfflineJudge());
    const target = await server(400, (body) => ({ content: `New reply to: ${lastUserMessage(body)}` }));
    const env = await startOneWorker(db, url, judge.url);
    const long = await queueRun(db, 'long', 200);
    await waitFor('the long run to score', async () => (await runRow(db, long)).doneItems > 0);

    const source = await saveDataset(db, { projectId: 'default', name: 'to replay', sourceFormat: 'turnwise', conversations: Array.from({ length: 100 }, (_, i) => conversation(i)) });
    const { id } = await startReplay(db, 'default', { datasetId: source.id, target: { kind: 'openai', baseUrl: target.url, model: 'new' }, modelVersion: 'v2', concurrency: 4 }, null, env);
    await waitFor('turns to be generated', async () => (await getReplay(db, 'default', id)).progress.done >= 8);

    await cancelReplay(db, 'default', id);
    const sentAtCancel = target.requests.length;
    expect((await getReplay(db, 'default', id)).status).toBe('cancelled');
    // The requests in flight at the cancel are aborted within 2 s, and nothing new is sent after.
    await waitFor('the requests in flight to be aborted', () => target.aborted >= 1, { timeoutMs: 2000 });
    const stopped = await getReplay(db, 'default', id);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(target.requests.length).toBe(sentAtCancel);
    const after = await getReplay(db, 'default', id);
    expect(after.progress.done).toBe(stopped.progress.done);
    expect(after.targetCalls).toBeLessThanOrEqual(sentAtCancel);
    expect((await runRow(db, long)).status).toBe('running');
  });
});
