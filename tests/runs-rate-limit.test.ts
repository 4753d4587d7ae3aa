import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { saveDataset } from '@/lib/imports/save-dataset';
import { getRun } from '@/lib/db/queries/runs/get-run';
import type { Conversation } from '@/lib/domain/conversation';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import { startSqliteRunWorker } from '@/lib/runs/queue/sqlite-run-worker';
import { migratedDatabase } from './db/databases';
import { startJudgeServer } from './helpers/judge-server';
import { rateLimited } from './helpers/rate-limited-handler';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { supportChat } from './helpers/support-chat';
import { waitFor } from './helpers/wait-for';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const conversations: Conversation[] = Array.from({ length: 4 }, (_, i) => ({
  ...supportChat,
  externalId: `chat-${i}`,
  turns: supportChat.turns.slice(4 * i, 4 * i + 4),
}));

describe('a run held back by the judge rate limit', () => {
  it('records the refused requests and, while held back, since when; every conversation is scored', async () => {
    // 3 requests a second, 429 with retry-after only: the judge finds the limit by meeting it.
    const limited = rateLimited(answerLikeOfflineJudge(), { perSecond: 3, rateLimitHeaders: false });
    const server = await startJudgeServer({ handler: limited.handler });
    cleanups.push(() => server.close());
    const fresh = await migratedDatabase('sqlite');
    const db: Db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const dataset = await saveDataset(db, { projectId: 'default', name: 'support', sourceFormat: 'deepeval', conversations });
    const env = {
      TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: ['judge-model'] }]),
      TURNWISE_WORKER_POLL_MS: '100',
      DATABASE_URL: fresh.url,
    };
    const request = runRequestSchema.parse({
      datasetId: dataset.id,
      metrics: [{ name: 'conversation_relevancy', options: {} }],
      judge: { kind: 'openai', name: 'local', model: 'judge-model' },
      concurrency: 8,
    });
    const { runId } = await enqueueRun(db, 'default', request, env);
    const worker = startSqliteRunWorker({ db, env });
    cleanups.push(() => worker.stop());

    let sawHeldBack = false;
    const run = await waitFor('the run to end', async () => {
      const run = await getRun(db, 'default', runId);
      if (run.rateLimitedSince !== null) sawHeldBack = true;
      return !['queued', 'running'].includes(run.status) && run;
    });

    expect(run.status).toBe('completed');
    expect(run.doneItems).toBe(conversations.length);
    expect(run.errorItems).toBe(0);
    expect(limited.refused()).toBeGreaterThan(0);
    expect(run.rateLimitRefusals).toBe(limited.refused());
    expect(sawHeldBack).toBe(true);
    expect(run.rateLimitedSince).toBeNull();
  }, 40_000);
});
