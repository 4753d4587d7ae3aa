import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionInputSchema } from '@/lib/connections/connection-input';
import { createDbClient, type Db } from '@/lib/db/client';
import { ensureDatabase } from '@/lib/db/migrations';
import { saveDataset } from '@/lib/db/queries/datasets/save-dataset';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { saveResult } from '@/lib/db/queries/runs/save-result';
import { loadJudgeConfig } from '@/lib/judge/config';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { stepSchemas } from '@/lib/judge/steps';
import { failRun } from '@/lib/runs/lifecycle';
import { freshDatabase, type FreshDatabase } from './db/databases';

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
    const schema = stepSchemas.reason.output;
    const error = (await judge
      .call({ step: 'reason', input: {}, messages: [{ role: 'user', content: 'x' }], schema, schemaName: 'reason' })
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('http://***@127.0.0.1:9/v1');
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });
});

describe('stored errors', () => {
  let fresh: FreshDatabase;
  let db: Db;
  beforeAll(async () => {
    fresh = await freshDatabase('sqlite');
    await ensureDatabase(fresh.url);
    db = createDbClient(fresh.url);
  });
  afterAll(async () => {
    await db.$disconnect();
    await fresh.drop();
  });

  it('keep no credentials or keys in a result or a failed run', async () => {
    const dataset = await saveDataset(db, { name: 'd', sourceFormat: 'deepeval-json', conversations: [{ turns: [{ role: 'user', content: 'hi' }] }] });
    const conversationId = (await db.conversation.findFirstOrThrow({ where: { datasetId: dataset.id } })).id;
    const run = await createRun(db, { datasetId: dataset.id, judgeKind: 'openai', judgeModel: 'm', metricSettings: {}, concurrency: 1, totalItems: 1, status: 'running' });
    const leaked = `could not get a reply from ${withCredentials} with key sk-abcdefghijklmnopqrstuvwxyz9876`;
    await saveResult(db, run.id, conversationId, {
      metric: 'conversation_relevancy', score: null, success: false, threshold: 0.5, strictMode: false, reason: null, error: leaked,
      verdicts: [], warnings: [], steps: {}, calls: [], usage: { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, costUsd: 0 },
    });
    await failRun(db, run.id, leaked);
    const stored = JSON.stringify([await db.result.findMany({ select: { error: true } }), await db.run.findUnique({ where: { id: run.id }, select: { error: true } })]);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain('abcdefghijklmnop');
    expect(stored).toContain('sk-…9876');
  });
});
