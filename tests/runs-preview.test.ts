import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { saveDataset } from '@/lib/imports/save-dataset';
import { parseDataset } from '@/lib/datasets';
import { createOfflineJudge } from '@/lib/judge/offline';
import { applicableMetrics, metricDescriptor } from '@/lib/metrics/registry';
import { countItems, evaluateConversations } from '@/lib/runs/execution/evaluate-conversations';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { previewRun } from '@/lib/runs/request/preview-run';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import { startSqliteRunWorker } from '@/lib/runs/queue/sqlite-run-worker';
import { migratedDatabase } from './db/databases';
import { startJudgeServer } from './helpers/judge-server';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { waitFor } from './helpers/wait-for';

/*
 * The cost preview of the new-run form. The scripted server answers every step the way the
 * offline judge does, and so does the planning judge, so here the preview must be exact:
 * its calls are the requests the run sends, and after the run the cache holds them all.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const demo = parseDataset(readFileSync(path.join(ROOT, 'lib/demo/demo-dataset.json'), 'utf8'), { fileName: 'demo-dataset.json' });
const conversations = demo.conversations;
const METRICS = applicableMetrics(conversations).map((name) => ({ name, options: {} }));
/** What the offline judge can score: the metrics that need an LLM judge are refused with it. */
const OFFLINE_METRICS = METRICS.filter((m) => !metricDescriptor(m.name)?.needsLlmJudge);
const MODEL = 'gpt-4.1-mini';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ db: Db; url: string; datasetId: string }> {
  const fresh = await migratedDatabase('sqlite');
  const db = createDbClient(fresh.url);
  cleanups.push(async () => {
    await db.$disconnect();
    await fresh.drop();
  });
  const dataset = await saveDataset(db, { projectId: 'default', name: 'demo', sourceFormat: 'deepeval', conversations });
  return { db, url: fresh.url, datasetId: dataset.id };
}

describe('run cost preview', () => {
  it('counts the offline judge calls of the run exactly, at no cost', async () => {
    const { db, datasetId } = await setup();
    const request = runRequestSchema.parse({ datasetId, metrics: OFFLINE_METRICS, judge: { kind: 'offline' }, concurrency: 4 });
    const judge = createOfflineJudge();
    await evaluateConversations({ conversations, metrics: OFFLINE_METRICS, judge, concurrency: 4 });

    const preview = await previewRun(db, 'default', request, {}, { budgetMs: 60_000 });

    expect(preview.items).toBe(countItems(conversations, OFFLINE_METRICS));
    expect(preview.calls).toBe(judge.usage().calls);
    expect(preview).toMatchObject({ judgeKind: 'offline', promptTokens: 0, costUsd: 0, cachedCalls: 0, priced: true, sampledConversations: conversations.length });
  });

  it('prices the requests of an LLM judge and finds them in the cache after a run', async () => {
    const server = await startJudgeServer({ handler: answerLikeOfflineJudge() });
    cleanups.push(() => server.close());
    const env = { TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: [MODEL, 'llama-local'] }]), TURNWISE_WORKER_POLL_MS: '100' };
    const { db, url, datasetId } = await setup();
    const request = runRequestSchema.parse({ datasetId, metrics: METRICS, judge: { kind: 'openai', name: 'local', model: MODEL }, concurrency: 4 });

    const before = await previewRun(db, 'default', request, env, { budgetMs: 60_000 });
    expect(before.cachedCalls).toBe(0);
    expect(before.promptTokens).toBeGreaterThan(before.calls * 50);
    expect(before.costUsd).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(0);

    const { runId } = await enqueueRun(db, 'default', request, { ...env, DATABASE_URL: url });
    const worker = startSqliteRunWorker({ db, env });
    cleanups.push(() => worker.stop());
    await waitFor('the run to complete', async () => (await db.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } })).status === 'completed');
    expect(server.requests).toHaveLength(before.calls);

    const after = await previewRun(db, 'default', request, env, { budgetMs: 60_000 });
    expect(after.cachedCalls).toBe(before.calls);
    expect(after.calls).toBe(0);
    expect(after.costUsd).toBe(0);
    // Another model of the same judge has its own replies: nothing cached for it.
    const other = await previewRun(db, 'default', { ...request, judge: { kind: 'openai', name: 'local', model: 'llama-local' } }, env, { budgetMs: 60_000 });
    expect(other).toMatchObject({ cachedCalls: 0, calls: before.calls, priced: false, costUsd: 0 });
  });

  it('estimates the least time the connection\'s rpm and tpm allow', async () => {
    const { db, datasetId } = await setup();
    const judges = (limits: Record<string, number>) => ({
      TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: 'http://127.0.0.1:9/v1', models: [MODEL], ...limits }]),
    });
    const request = runRequestSchema.parse({ datasetId, metrics: METRICS, judge: { kind: 'openai', name: 'local', model: MODEL }, concurrency: 4 });

    const free = await previewRun(db, 'default', request, judges({}), { budgetMs: 60_000 });
    const byRequests = await previewRun(db, 'default', request, judges({ rpm: 60 }), { budgetMs: 60_000 });
    const byTokens = await previewRun(db, 'default', request, judges({ rpm: 100_000, tpm: 1000 }), { budgetMs: 60_000 });

    expect(free.rateLimitedMs).toBeNull();
    // 60 requests a minute: one a second.
    expect(byRequests.rateLimitedMs).toBe(byRequests.calls * 1000);
    expect(byRequests).toMatchObject({ rpm: 60, tpm: null });
    // The token limit binds: tokens ÷ 1,000 a minute.
    const tokens = byTokens.promptTokens + byTokens.completionTokens;
    expect(byTokens.rateLimitedMs).toBe(Math.round((tokens / 1000) * 60_000));
  });

  it('refuses, on the offline judge, a metric that needs an LLM judge, before any estimate or run', async () => {
    const { db, datasetId } = await setup();
    expect(METRICS.map((m) => m.name)).toContain('role_adherence');
    const request = runRequestSchema.parse({ datasetId, metrics: METRICS, judge: { kind: 'offline' }, concurrency: 4 });
    await expect(previewRun(db, 'default', request, {})).rejects.toThrow(/^role_adherence, conversation_completeness, goal_accuracy need an LLM judge/);
    await expect(enqueueRun(db, 'default', request, {})).rejects.toThrow(/^role_adherence, conversation_completeness, goal_accuracy need an LLM judge/);
    expect(await db.run.count()).toBe(0);
  });

  it("counts topic_adherence's conversations without relevant_topics once the relevantTopics option stands in for them", async () => {
    const { db, url, datasetId } = await setup();
    const env = { TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: 'http://127.0.0.1:9', models: [MODEL] }]), DATABASE_URL: url };
    const request = (options: Record<string, unknown>) =>
      runRequestSchema.parse({ datasetId, metrics: [{ name: 'topic_adherence', options }], judge: { kind: 'openai', name: 'local', model: MODEL }, concurrency: 1 });
    // The demo conversations have no relevant_topics: the metric applies to none of them.
    await expect(enqueueRun(db, 'default', request({}), env)).rejects.toThrow(/None of the selected metrics applies/);
    const { runId } = await enqueueRun(db, 'default', request({ relevantTopics: ['museum visits'] }), env);
    expect(await db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ totalItems: conversations.length });
  });

  it('extrapolates from part of the dataset when time runs out', async () => {
    const { db, datasetId } = await setup();
    const request = runRequestSchema.parse({ datasetId, metrics: OFFLINE_METRICS, judge: { kind: 'offline' }, concurrency: 4 });
    const full = await previewRun(db, 'default', request, {}, { budgetMs: 60_000 });
    const quick = await previewRun(db, 'default', request, {}, { budgetMs: 0 });
    expect(quick.sampledConversations).toBe(1);
    expect(quick.items).toBe(full.items);
    expect(quick.calls).toBeGreaterThan(full.calls / 3);
    expect(quick.calls).toBeLessThan(full.calls * 3);
  });

  it('refuses a judge model the server does not offer', async () => {
    const { db, datasetId } = await setup();
    const env = { TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: 'http://127.0.0.1:9/v1', models: [MODEL] }]) };
    const request = runRequestSchema.parse({ datasetId, metrics: METRICS, judge: { kind: 'openai', name: 'local', model: 'gpt-5' }, concurrency: 4 });
    await expect(previewRun(db, 'default', request, env)).rejects.toThrow(/does not offer model "gpt-5"/);
    await expect(previewRun(db, 'default', { ...request, judge: { kind: 'openai', name: 'openai' } }, env)).rejects.toThrow(/no API key/);
  });

  it('plans and starts a run on a dataset too large to read in one query (40,000 conversations)', async () => {
    const fresh = await migratedDatabase('sqlite');
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const n = 40_000;
    const big = Array.from({ length: n }, (_, i) => ({
      turns: [
        { role: 'user' as const, content: `question ${i}` },
        { role: 'assistant' as const, content: `answer ${i}`, ...(i % 4 === 0 ? { retrievalContext: [`doc ${i}`] } : {}) },
      ],
    }));
    const { id } = await saveDataset(db, { projectId: 'default', name: 'big', sourceFormat: 'deepeval-jsonl', conversations: big });
    const request = runRequestSchema.parse({
      datasetId: id,
      metrics: [{ name: 'conversation_relevancy' }, { name: 'turn_faithfulness' }],
      judge: { kind: 'offline' },
      concurrency: 4,
    });

    const preview = await previewRun(db, 'default', request, {}, { budgetMs: 100 });
    expect(preview).toMatchObject({ conversations: n, items: n + n / 4 });
    expect(preview.sampledConversations).toBeGreaterThan(0);
    const { runId } = await enqueueRun(db, 'default', request, { DATABASE_URL: fresh.url });
    expect(await db.run.findUniqueOrThrow({ where: { id: runId }, select: { totalItems: true, status: true } })).toEqual({ totalItems: n + n / 4, status: 'queued' });
  }, 120_000);
});
