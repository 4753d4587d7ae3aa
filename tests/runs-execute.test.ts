import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { saveDataset } from '@/lib/imports/save-dataset';
import { getRunStatus } from '@/lib/db/queries/runs/get-run-status';
import { listRunConversations } from '@/lib/db/queries/runs/list-run-conversations';
import { countErroredResults } from '@/lib/db/queries/runs/reopen-errored-results';
import { parseDataset } from '@/lib/datasets';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { createMetric, type MetricName, applicableMetrics, metricApplies } from '@/lib/metrics/registry';
import type { Conversation } from '@/lib/domain/conversation';
import { cancelRun } from '@/lib/runs/lifecycle/cancel-run';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { retryErroredResults } from '@/lib/runs/queue/retry-errored-results';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import type { RunWorker } from '@/lib/runs/queue/run-worker';
import { startSqliteRunWorker } from '@/lib/runs/queue/sqlite-run-worker';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { answerLikeOfflineJudge, stepOf } from './helpers/step-answers';
import { waitFor } from './helpers/wait-for';

/*
 * Runs as the app executes them: queued by enqueueRun, taken by the SQLite worker in this
 * process, scored against the scripted OpenAI-compatible server on 127.0.0.1.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const demo = parseDataset(readFileSync(path.join(ROOT, 'lib/demo/demo-dataset.json'), 'utf8'), { fileName: 'demo-dataset.json' });
const conversations: Conversation[] = demo.conversations;
const METRICS = applicableMetrics(conversations);
const OPTIONS: Partial<Record<MetricName, Record<string, unknown>>> = {
  turn_faithfulness: { windowSize: 2, penalizeAmbiguousClaims: true },
  conversation_relevancy: { threshold: 0.7 },
};
const MODEL = 'judge-model';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(handler = answerLikeOfflineJudge(), latencyMs?: number): Promise<JudgeServer> {
  const s = await startJudgeServer({ handler, latencyMs });
  cleanups.push(() => s.close());
  return s;
}

const judgeEnv = (s: JudgeServer): Record<string, string> => ({
  TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: s.url, models: [MODEL] }]),
  TURNWISE_WORKER_POLL_MS: '100',
});

async function database(): Promise<{ db: Db; url: string; datasetId: string }> {
  const fresh: FreshDatabase = await migratedDatabase('sqlite');
  const db = createDbClient(fresh.url);
  cleanups.push(async () => {
    await db.$disconnect();
    await fresh.drop();
  });
  const dataset = await saveDataset(db, { projectId: 'default', name: 'demo', sourceFormat: 'deepeval', conversations });
  return { db, url: fresh.url, datasetId: dataset.id };
}

function worker(db: Db, env: Record<string, string>, log?: (message: string) => void): RunWorker {
  const w = startSqliteRunWorker({ db, env, log });
  cleanups.push(() => w.stop());
  return w;
}

async function enqueue(db: Db, url: string, datasetId: string, env: Record<string, string>, concurrency = 4) {
  const request = runRequestSchema.parse({
    datasetId,
    metrics: METRICS.map((name) => ({ name, options: OPTIONS[name] ?? {} })),
    judge: { kind: 'openai', name: 'local', model: MODEL },
    concurrency,
    modelVersion: 'bot v2',
  });
  return (await enqueueRun(db, 'default', request, { ...env, DATABASE_URL: url })).runId;
}

const ended = (s: { status: string }) => !['queued', 'running'].includes(s.status);
/** The run's status once `done` holds for it. */
const runStatusOnce = (what: string, db: Db, runId: string, done: (s: Awaited<ReturnType<typeof getRunStatus>>) => boolean) =>
  waitFor(what, async () => {
    const status = await getRunStatus(db, 'default', runId);
    return done(status) && status;
  });

/** "<position>:<metric>" → score, of a stored run. */
async function storedScores(db: Db, runId: string): Promise<Map<string, number | null>> {
  const rows = await db.result.findMany({ where: { runId }, select: { metric: true, score: true, error: true, conversation: { select: { position: true } } } });
  return new Map(rows.map((r) => [`${r.conversation.position}:${r.metric}`, r.error ? null : r.score]));
}

let direct: Map<string, number | null> | undefined;
/** The same conversations scored directly with the metrics, without a run. */
async function directScores(): Promise<Map<string, number | null>> {
  if (direct) return direct;
  const s = await startJudgeServer({ handler: answerLikeOfflineJudge() });
  try {
    const judge = createOpenAIJudge({ baseURL: s.url, apiKey: null, model: MODEL });
    const out = new Map<string, number | null>();
    for (const [i, c] of conversations.entries()) {
      for (const name of METRICS) {
        if (!metricApplies(name, c)) continue;
        const result = await createMetric(name, judge, OPTIONS[name] ?? {}).measure(c);
        out.set(`${i}:${name}`, result.error ? null : result.score);
      }
    }
    direct = out;
    return out;
  } finally {
    await s.close();
  }
}
afterAll(() => {
  direct = undefined;
});

describe('runs executed by the background worker', () => {
  it('finishes with the scores the metrics give the same conversations directly', async () => {
    const judge = await server();
    const env = judgeEnv(judge);
    const { db, url, datasetId } = await database();
    const runId = await enqueue(db, url, datasetId, env);
    expect((await getRunStatus(db, 'default', runId)).status).toBe('queued');

    worker(db, env);
    const run = await runStatusOnce('the run to end', db, runId, ended);

    expect(run.status).toBe('completed');
    const expected = await directScores();
    expect(run.totalItems).toBe(expected.size);
    expect(run.doneItems).toBe(expected.size);
    expect(await storedScores(db, runId)).toEqual(expected);
    const stored = await db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(stored.judgeCalls).toBe(judge.requests.length);
    expect(stored.modelVersion).toBe('bot v2');
    expect(stored.summary).toBeTruthy();
    // The database round trip gives the metrics the conversations as imported.
    expect((await listRunConversations(db, datasetId)).map((r) => r.conversation)).toEqual(conversations);
  });

  it('gives the same results when the judge answers 429 and 500 on first attempts', async () => {
    const seen = new Map<string, number>();
    const injected = { 429: 0, 500: 0 };
    const clean = answerLikeOfflineJudge();
    const flaky = await server((body, context) => {
      const key = createHash('sha256').update(JSON.stringify(body.messages)).digest('hex');
      const attempt = seen.get(key) ?? 0;
      seen.set(key, attempt + 1);
      // Every third distinct request fails once, alternately rate-limited and broken.
      if (attempt === 0 && seen.size % 3 === 0) {
        const status = seen.size % 2 === 0 ? 429 : 500;
        injected[status]++;
        return { status, headers: { 'retry-after-ms': '5' } };
      }
      return clean(body, context);
    });
    const env = judgeEnv(flaky);
    const { db, url, datasetId } = await database();
    const runId = await enqueue(db, url, datasetId, env);
    worker(db, env);
    const run = await runStatusOnce('the run to end', db, runId, ended);

    expect(injected[429]).toBeGreaterThan(3);
    expect(injected[500]).toBeGreaterThan(3);
    expect(run).toMatchObject({ status: 'completed', errorItems: 0 });
    expect(await storedScores(db, runId)).toEqual(await directScores());
  });

  it('stores a judge that keeps failing as errors on the results and ends completed_with_errors', async () => {
    const clean = answerLikeOfflineJudge();
    const broken = await server((body, context) =>
      // A failure the client does not retry (the SDK's retries of a 5xx are covered above).
      stepOf(body) === 'conversation_relevancy.relevance'
        ? { status: 500, headers: { 'x-should-retry': 'false' }, body: { error: { message: 'relevance is down', type: 'server_error' } } }
        : clean(body, context),
    );
    const env = judgeEnv(broken);
    const { db, url, datasetId } = await database();
    const runId = await enqueue(db, url, datasetId, env);
    worker(db, env);
    const run = await runStatusOnce('the run to end', db, runId, ended);

    expect(run.status).toBe('completed_with_errors');
    expect(run.errorItems).toBe(conversations.length);
    const failed = await db.result.findMany({ where: { runId, error: { not: null } }, select: { metric: true, error: true } });
    expect(new Set(failed.map((f) => f.metric))).toEqual(new Set(['conversation_relevancy']));
    // The status and a cause: the endpoint's own answer stays out of what viewers read.
    expect(failed[0].error).toMatch(/status 500 \(server error at the endpoint\)/);
    expect(failed[0].error).not.toContain('relevance is down');
  });

  it('re-runs only the errored results of an ended run, whole or with a turn the judge could not judge', async () => {
    const clean = answerLikeOfflineJudge();
    let relevanceDown = true;
    const judge = await server((body, context) =>
      relevanceDown && stepOf(body) === 'conversation_relevancy.relevance'
        ? { status: 500, headers: { 'x-should-retry': 'false' }, body: { error: { message: 'relevance is down', type: 'server_error' } } }
        : clean(body, context),
    );
    const env = judgeEnv(judge);
    const { db, url, datasetId } = await database();
    const runId = await enqueue(db, url, datasetId, env);
    worker(db, env);
    const first = await runStatusOnce('the run to end', db, runId, ended);
    expect(first).toMatchObject({ status: 'completed_with_errors', errorItems: conversations.length });

    // A result that kept a verdict the judge could not give counts as errored too.
    const partial = await db.result.findFirstOrThrow({ where: { runId, metric: 'knowledge_retention', error: null }, select: { id: true } });
    const verdict = await db.turnVerdict.findFirstOrThrow({ where: { resultId: partial.id }, select: { id: true } });
    await db.turnVerdict.update({ where: { id: verdict.id }, data: { verdict: 'error', reason: 'JudgeOutputError: cut short' } });
    const kept = await db.result.findMany({ where: { runId, error: null, NOT: { id: partial.id } }, select: { id: true } });
    expect(await countErroredResults(db, runId)).toEqual({ total: conversations.length + 1, whole: conversations.length });

    relevanceDown = false;
    const before = judge.requests.length;
    expect(await retryErroredResults(db, 'default', runId, { ...env, DATABASE_URL: url })).toEqual({ reopened: conversations.length + 1 });
    await expect(retryErroredResults(db, 'default', runId, { ...env, DATABASE_URL: url })).rejects.toThrow(/still going/);
    const second = await runStatusOnce('the re-run to end', db, runId, ended);

    expect(second).toMatchObject({ status: 'completed', errorItems: 0, doneItems: first.totalItems });
    expect(await storedScores(db, runId)).toEqual(await directScores());
    // Results that had scored are the same rows; the re-run asked the judge only for what had failed.
    const after = await db.result.findMany({ where: { id: { in: kept.map((k) => k.id) } }, select: { id: true } });
    expect(after).toHaveLength(kept.length);
    const asked = new Set(judge.requests.slice(before).map((r) => stepOf(r.body)));
    expect([...asked].every((step) => step === 'conversation_relevancy.relevance' || step?.startsWith('knowledge_retention') || step === 'reason')).toBe(true);
    expect(await countErroredResults(db, runId)).toEqual({ total: 0, whole: 0 });
    await expect(retryErroredResults(db, 'default', runId, { ...env, DATABASE_URL: url })).rejects.toThrow(/no errored results/);
  });

  it('stops taking items once the run is cancelled', async () => {
    const slow = await server(answerLikeOfflineJudge(), 40);
    const env = judgeEnv(slow);
    const { db, url, datasetId } = await database();
    const runId = await enqueue(db, url, datasetId, env, 1);
    const logged: string[] = [];
    const w = worker(db, env, (line) => logged.push(line));
    await runStatusOnce('a few results', db, runId, (s) => s.doneItems >= 3);

    await cancelRun(db, 'default', runId);
    // The item in flight may still finish; then the worker closes the run, and nothing more is asked or stored.
    await waitFor('the worker to close the cancelled run', () => logged.includes(`run ${runId}: cancelled`), { detail: () => logged.join('\n') });
    const requests = slow.requests.length;
    const after = await getRunStatus(db, 'default', runId);
    await w.stop();

    expect(after.status).toBe('cancelled');
    expect(after.doneItems).toBeLessThan(after.totalItems);
    expect(slow.requests.length).toBe(requests);
    expect((await getRunStatus(db, 'default', runId)).doneItems).toBe(after.doneItems);
    const stored = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { summary: true, finishedAt: true } });
    expect(stored.finishedAt).not.toBeNull();
    expect(Object.keys(stored.summary as object).length).toBeGreaterThan(0);
    await expect(cancelRun(db, 'default', runId)).rejects.toThrow(/already ended/);
  });
});
