import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { saveDataset } from '@/lib/imports/save-dataset';
import { getRunStatus } from '@/lib/db/queries/runs/get-run-status';
import { isAppError } from '@/lib/errors';
import { boundedFetch, ERROR_BODY_LIMIT, REPLY_BODY_LIMIT } from '@/lib/llm/bounded-fetch';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { RESPONSE_MODES } from '@/lib/judge/response-format';
import { judgeSteps } from '@/lib/metrics/registry';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { SAME_FAILURES_TO_STOP } from '@/lib/runs/execution/judge-breaker';
import { startPgBossRunWorker } from '@/lib/runs/queue/pg-boss-run-worker';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import { startSqliteRunWorker } from '@/lib/runs/queue/sqlite-run-worker';
import { migratedDatabase, sqliteForTests, TEST_POSTGRES_URL } from './db/databases';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { waitFor } from './helpers/wait-for';

/*
 * An endpoint that answers every request with 400 and a 2 MB body of short words joined by
 * "-" (the shape that made the old redaction pattern backtrack for minutes): the body is cut
 * when it is first read, nothing of it reaches a result, and the run stops after a few
 * requests that fail the same way, also when it is resumed.
 */

const BIG_BODY = 'BIGBODY-'.repeat(256 * 1024);
const CONCURRENCY = 3;
/** The calls in flight when the breaker trips finish; each tries every response format. */
const MOST_REQUESTS = (SAME_FAILURES_TO_STOP + CONCURRENCY - 1) * RESPONSE_MODES.length;
let server: JudgeServer;

beforeAll(async () => {
  server = await startJudgeServer({ handler: () => ({ status: 400, body: BIG_BODY }) });
});
afterAll(async () => {
  await server?.close();
});

describe('a judge error answer of 2 MB', () => {
  it('is read up to a few KB at the point the reply is first read', async () => {
    const response = await boundedFetch()(`${server.url}/chat/completions`, { method: 'POST', body: '{"model":"m","messages":[]}' });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThanOrEqual(ERROR_BODY_LIMIT);
    expect(text.startsWith('"BIGBODY-BIGBODY-')).toBe(true);
  });

  it('fails the judge step with the status and a cause, without the body', async () => {
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test-key-for-the-big-body', maxRetries: 0 });
    const error = await judge
      .call({ step: 'reason', input: {}, messages: [{ role: 'user', content: 'x' }], schema: judgeSteps.reason.output, schemaName: 'reason' })
      .catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('JUDGE');
    expect((error as Error).message).toMatch(/status 400 \(the endpoint refused the request\)/);
    expect((error as Error).message).not.toContain('BIGBODY');
  });
});

describe('a successful judge reply over the read limit', () => {
  const HUGE = 'x'.repeat(REPLY_BODY_LIMIT + 1024);
  it.each([
    ['streamed without a length', {}],
    ['with its length declared', { 'content-length': String(HUGE.length + 2) }],
  ])('fails its step at once, %s', async (_, headers) => {
    const huge = await startJudgeServer({ handler: () => ({ status: 200, body: HUGE, headers }) });
    try {
      const judge = createOpenAIJudge({ baseURL: huge.url, apiKey: null, maxRetries: 3 });
      const error = await judge
        .call({ step: 'reason', input: {}, messages: [{ role: 'user', content: 'x' }], schema: judgeSteps.reason.output, schemaName: 'reason' })
        .catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe('JUDGE');
      expect((error as Error).message).toContain(`over the ${REPLY_BODY_LIMIT}-byte limit`);
      // Asking again would bring the same body: no retry, no other response format.
      expect(huge.requests).toHaveLength(1);
    } finally {
      await huge.close();
    }
  });
});

describe('a run on an endpoint that fails every request the same way', () => {
  const sqlite = sqliteForTests();

  async function runUntilEnded(env: Record<string, string>, runId: string): Promise<void> {
    const worker = startSqliteRunWorker({ db: sqlite.db, env });
    try {
      await waitFor('the run to end', async () => !['queued', 'running'].includes((await getRunStatus(sqlite.db, 'default', runId)).status));
    } finally {
      await worker.stop();
    }
  }

  it('stops with a clear error after a few requests instead of going through every conversation, and again when resumed', async () => {
    const conversations = Array.from({ length: 40 }, (_, i) => ({
      turns: [
        { role: 'user' as const, content: `Where is my parcel number ${i}?` },
        { role: 'assistant' as const, content: 'It ships on Friday.' },
      ],
    }));
    const dataset = await saveDataset(sqlite.db, { projectId: 'default', name: 'parcels', sourceFormat: 'deepeval', conversations });
    const env = { TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: ['m'] }]), TURNWISE_WORKER_POLL_MS: '50' };
    const request = runRequestSchema.parse({
      datasetId: dataset.id,
      metrics: [{ name: 'conversation_relevancy', options: {} }],
      judge: { kind: 'openai', name: 'local', model: 'm' },
      concurrency: CONCURRENCY,
    });
    const { runId } = await enqueueRun(sqlite.db, 'default', request, env);
    const sentBefore = server.requests.length;

    await runUntilEnded(env, runId);
    const run = await getRunStatus(sqlite.db, 'default', runId);
    const stored = await sqlite.db.run.findUniqueOrThrow({ where: { id: runId }, select: { error: true } });
    expect(run.status).toBe('failed');
    expect(stored.error).toMatch(/The run stopped: 5 judge requests in a row failed the same way/);
    expect(stored.error).toMatch(/status 400/);
    expect(stored.error).not.toContain('BIGBODY');
    // Only the few judge calls it takes to see the failure repeat (each asks in every response
    // format before it gives up on a 400), not one per conversation (40 × 3 requests).
    const sent = server.requests.length - sentBefore;
    expect(sent).toBeGreaterThanOrEqual(SAME_FAILURES_TO_STOP);
    expect(sent).toBeLessThanOrEqual(MOST_REQUESTS);
    const results = await sqlite.db.result.findMany({ where: { runId }, select: { error: true } });
    expect(results.length).toBeLessThan(run.totalItems);
    expect(JSON.stringify(results)).not.toContain('BIGBODY');

    // As a worker killed mid-run leaves it: running, held by a worker that is gone. The next worker resumes it.
    await sqlite.db.run.update({ where: { id: runId }, data: { status: 'running', workerId: 'gone', leaseUntil: new Date(Date.now() - 1000), error: null, finishedAt: null } });
    const resumedFrom = server.requests.length;
    await runUntilEnded(env, runId);
    expect((await getRunStatus(sqlite.db, 'default', runId)).status).toBe('failed');
    expect(server.requests.length - resumedFrom).toBeLessThanOrEqual(MOST_REQUESTS);
  });
});

describe.skipIf(!TEST_POSTGRES_URL)('the same run on PostgreSQL (pg-boss chunks)', () => {
  it('fails at once instead of retrying the chunk, and the other chunks stop', async () => {
    const fresh = await migratedDatabase('postgres');
    const db = createDbClient(fresh.url);
    const env = {
      DATABASE_URL: fresh.url,
      TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: ['m'] }]),
      TURNWISE_RUN_CHUNK_SIZE: '5',
      TURNWISE_WORKER_JOBS: '2',
    };
    const worker = await startPgBossRunWorker({ db, env, url: fresh.url });
    try {
      const conversations = Array.from({ length: 40 }, (_, i) => ({ turns: [{ role: 'user' as const, content: `Where is parcel ${i}?` }, { role: 'assistant' as const, content: 'Friday.' }] }));
      const dataset = await saveDataset(db, { projectId: 'default', name: 'parcels', sourceFormat: 'deepeval', conversations });
      const request = runRequestSchema.parse({ datasetId: dataset.id, metrics: [{ name: 'conversation_relevancy', options: {} }], judge: { kind: 'openai', name: 'local', model: 'm' }, concurrency: CONCURRENCY });
      const sentBefore = server.requests.length;
      const { runId } = await enqueueRun(db, 'default', request, env);
      await waitFor('the run to end', async () => !['queued', 'running'].includes((await getRunStatus(db, 'default', runId)).status));
      const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, error: true } });
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(/The run stopped: 5 judge requests in a row failed the same way/);
      // The two chunks taken at once each stop after a few calls; no chunk is retried, no later chunk starts.
      expect(server.requests.length - sentBefore).toBeLessThanOrEqual(2 * MOST_REQUESTS);
      const jobs = await db.$queryRawUnsafe<{ retry_count: number }[]>(`SELECT retry_count FROM pgboss.job WHERE name = 'turnwise-run-chunks'`);
      expect(jobs.every((j) => j.retry_count === 0)).toBe(true);
    } finally {
      await worker.stop();
      await db.$disconnect();
      await fresh.drop();
    }
  }, 60_000);
});
