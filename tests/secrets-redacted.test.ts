import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionInputSchema } from '@/lib/connections/connection-input';
import { createConnection } from '@/lib/connections/connection-store';
import { testConnection, TEST_EXCERPT_CHARS } from '@/lib/connections/test-connection';
import { saveDataset } from '@/lib/imports/save-dataset';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { saveResult } from '@/lib/db/queries/runs/save-result';
import { loadJudgeConfig } from '@/lib/judge/config';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { judgeSteps } from '@/lib/metrics/registry';
import { runCsvChunks, runResultPages } from '@/lib/exports/run-export';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { executeRunChunk } from '@/lib/runs/execution/execute-run-chunk';
import { failRun } from '@/lib/runs/lifecycle';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import { sqliteForTests } from './db/databases';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';

/* Credentials in a judge URL and keys never reach text a user sees: refused where they are configured, redacted where they could still pass. */

const SECRET = 's3cret-Passw0rd';
const withCredentials = `http://alice:${SECRET}@127.0.0.1:9/v1`;

describe('a judge URL with a user and password', () => {
  it('is refused where a judge is configured, without echoing it', () => {
    for (const env of [
      { OPENAI_BASE_URL: withCredentials },
      { TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: withCredentials, models: ['m'] }]) },
    ]) {
      const error = (() => {
        try {
          loadJudgeConfig(env);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error?.message).toMatch(/user name or password/);
      expect(error?.message).not.toContain(SECRET);
    }
    const form = connectionInputSchema.safeParse({ name: 'local', baseUrl: withCredentials, apiKey: 'k', models: 'm' });
    expect(form.success).toBe(false);
    expect(JSON.stringify(form.error?.issues.map((i) => i.message))).toMatch(/Leave the user name and password out/);
  });

  it('is redacted from the error of a judge that uses it anyway', async () => {
    const judge = createOpenAIJudge({ baseURL: withCredentials, apiKey: 'sk-test', maxRetries: 0 });
    const schema = judgeSteps.reason.output;
    const error = (await judge
      .call({ step: 'reason', input: {}, messages: [{ role: 'user', content: 'x' }], schema, schemaName: 'reason' })
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/could not get a reply from its endpoint/);
    // Results name the judge, never its URL (viewers read them).
    expect(error.message).not.toContain('127.0.0.1');
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });
});

describe('stored errors', () => {
  const sqlite = sqliteForTests();

  it('keep no credentials or keys in a result or a failed run', async () => {
    const dataset = await saveDataset(sqlite.db, { projectId: 'default', name: 'd', sourceFormat: 'deepeval-json', conversations: [{ turns: [{ role: 'user', content: 'hi' }] }] });
    const conversationId = (await sqlite.db.conversation.findFirstOrThrow({ where: { datasetId: dataset.id } })).id;
    const run = await createRun(sqlite.db, { projectId: 'default', datasetId: dataset.id, judgeKind: 'openai', judgeModel: 'm', metricSettings: {}, concurrency: 1, totalItems: 1, status: 'running' });
    const leaked = `could not get a reply from ${withCredentials} with key sk-abcdefghijklmnopqrstuvwxyz9876`;
    await saveResult(sqlite.db, run.id, conversationId, {
      metric: 'conversation_relevancy', score: null, success: false, threshold: 0.5, strictMode: false, reason: null, error: leaked,
      verdicts: [], warnings: [], steps: {}, calls: [], usage: { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, costUsd: 0 },
    });
    await failRun(sqlite.db, run.id, leaked);
    const stored = JSON.stringify([await sqlite.db.result.findMany({ select: { error: true } }), await sqlite.db.run.findUnique({ where: { id: run.id }, select: { error: true } })]);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain('abcdefghijklmnop');
    expect(stored).toContain('sk-…9876');
  });
});

describe('a provider that echoes the key in its error', () => {
  // No sk- shape: only its exact value can tell it apart.
  const KEY = 'gsk_live_Q7vT2mWcYb8Lr41xN0pe';
  const env = { TURNWISE_SECRET: 'a test secret that is long enough to use' };
  const sqlite = sqliteForTests();
  let server: JudgeServer;
  beforeAll(async () => {
    server = await startJudgeServer({
      handler: (_body, { headers }) => ({
        status: 401,
        body: { error: { message: `Incorrect API key provided: ${String(headers.authorization).replace('Bearer ', '')}. Find your key in your account.`, type: 'invalid_request_error', code: 'invalid_api_key' } },
      }),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('does not put the key in the results viewers read (errors, verdicts, warnings, CSV export)', async () => {
    await createConnection(sqlite.db, 'default', connectionInputSchema.parse({ name: 'echo', baseUrl: server.url, apiKey: KEY, models: 'm' }), [], env);
    const conversations = Array.from({ length: 3 }, (_, i) => ({ turns: [{ role: 'user' as const, content: `question ${i}` }, { role: 'assistant' as const, content: 'answer' }] }));
    const dataset = await saveDataset(sqlite.db, { projectId: 'default', name: 'echo', sourceFormat: 'deepeval', conversations });
    const request = runRequestSchema.parse({ datasetId: dataset.id, metrics: [{ name: 'conversation_relevancy', options: {} }], judge: { kind: 'openai', name: 'echo', model: 'm' }, concurrency: 1 });
    const { runId } = await enqueueRun(sqlite.db, 'default', request, env);
    await executeRunChunk({ db: sqlite.db, env, runId });

    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    const results = await sqlite.db.result.findMany({ where: { runId }, select: { error: true, warnings: true, calls: true, steps: true } });
    const verdicts = await sqlite.db.turnVerdict.findMany({ where: { runId }, select: { reason: true } });
    expect(results).toHaveLength(3);
    expect(results[0].error).toMatch(/status 401 \(the endpoint refused the key\)/);
    const run = await sqlite.db.run.findUniqueOrThrow({ where: { id: runId }, select: { id: true, datasetId: true } });
    let csv = '';
    for await (const chunk of runCsvChunks('verdicts', runResultPages(sqlite.db, run))) csv += chunk;
    expect(csv).toContain('the endpoint refused the key');
    for (const text of [JSON.stringify(results), JSON.stringify(verdicts), csv]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('Incorrect API key provided');
    }
  });

  it('shows an admin who tests the connection the status and a short excerpt, the key taken out', async () => {
    const result = await testConnection({ name: 'echo', baseURL: server.url, apiKeyEnv: null, apiKey: KEY, models: ['m'], defaultModel: 'm', rpm: null, tpm: null });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^HTTP 401: 401 Incorrect API key provided: \*\*\*\. Find your key/);
    expect(result.message).not.toContain(KEY);
    expect(result.message.length).toBeLessThanOrEqual('HTTP 401: '.length + TEST_EXCERPT_CHARS);
  });
});
