import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { saveDataset } from '@/lib/imports/save-dataset';
import type { Conversation } from '@/lib/domain';
import { getReplay, startReplay } from '@/lib/replay';
import { executeReplayChunk } from '@/lib/replay/execution/execute-replay-chunk';
import { startPgBossReplayWorker } from '@/lib/replay/pg-boss-replay-worker';
import { stopBoss } from '@/lib/jobs/pg-boss/boss';
import { migratedDatabase, TEST_POSTGRES_URL } from './db/databases';
import { lastUserMessage, startJudgeServer } from './helpers/judge-server';
import { waitFor } from './helpers/wait-for';

/* On PostgreSQL a replay is pg-boss chunk jobs: two chunks, every turn once, the version linked to its source turns. */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const conversations: Conversation[] = Array.from({ length: 4 }, (_, i) => ({
  externalId: `c${i}`,
  turns: [
    { role: 'user', content: `Question ${i}` },
    { role: 'assistant', content: `Old answer ${i}` },
    { role: 'user', content: `Follow-up ${i}` },
    { role: 'assistant', content: `Old follow-up ${i}` },
  ],
}));

describe.skipIf(!TEST_POSTGRES_URL)('replay on PostgreSQL (pg-boss chunks)', () => {
  it('generates every turn once across chunk jobs, with its samples apart, and makes the linked version', async () => {
    const fresh = await migratedDatabase('postgres');
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const model = await startJudgeServer({ handler: (body) => ({ content: `New: ${lastUserMessage(body)}` }) });
    cleanups.push(() => model.close());
    const env = { DATABASE_URL: fresh.url, TURNWISE_RUN_CHUNK_SIZE: '2' };
    const dataset = await saveDataset(db, { projectId: 'default', name: 'pg', sourceFormat: 'turnwise', conversations });
    const worker = await startPgBossReplayWorker({ db, env, url: fresh.url });
    cleanups.push(async () => {
      await worker.stop();
      await stopBoss(fresh.url);
    });
    const { id } = await startReplay(db, 'default', { datasetId: dataset.id, target: { kind: 'openai', baseUrl: model.url, model: 'm' }, modelVersion: 'v2', samples: 2 }, null, env);
    const replay = await waitFor('the replay to complete', async () => {
      const replay = await getReplay(db, 'default', id);
      return replay.status === 'completed' && replay;
    }, { timeoutMs: 60_000 });
    // Two samples a turn: the second of each is stored apart, the same on PostgreSQL.
    expect(replay).toMatchObject({ status: 'completed', progress: { done: 8, total: 8, errors: 0 }, targetCalls: 16, samples: { perTurn: 2, turns: 8, differing: 0, failed: 0 } });
    expect(model.requests).toHaveLength(16);
    expect(await db.replaySample.count({ where: { replayId: id, sample: 2, content: { not: null } } })).toBe(8);
    const turns = await db.turn.findMany({ where: { conversation: { datasetId: replay.datasetId! } }, select: { content: true, sourceTurnId: true, index: true } });
    expect(turns).toHaveLength(16);
    expect(turns.every((t) => t.sourceTurnId !== null)).toBe(true);
    expect(turns.filter((t) => t.index === 3).map((t) => t.content).sort()).toEqual(['New: Follow-up 0', 'New: Follow-up 1', 'New: Follow-up 2', 'New: Follow-up 3']);
  });

  it('closes a replay whose worker died while making the version, and leaves one whose worker is alive', async () => {
    const fresh = await migratedDatabase('postgres');
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const model = await startJudgeServer({ handler: (body) => ({ content: `New: ${lastUserMessage(body)}` }) });
    cleanups.push(() => model.close());
    const env = { DATABASE_URL: fresh.url, TURNWISE_CHUNK_EXPIRE_SECONDS: '1' };
    const dataset = await saveDataset(db, { projectId: 'default', name: 'pg', sourceFormat: 'turnwise', conversations });
    const target = { kind: 'openai', baseUrl: model.url, model: 'm' } as const;
    const dead = await startReplay(db, 'default', { datasetId: dataset.id, target, modelVersion: 'v2' }, null, env);
    const alive = await startReplay(db, 'default', { datasetId: dataset.id, target, modelVersion: 'v3' }, null, env);
    for (const { id } of [dead, alive]) {
      await db.replay.update({ where: { id }, data: { status: 'running', startedAt: new Date() } });
      await executeReplayChunk({ db, env, replayId: id });
    }
    // Every turn stored, then the closing worker died while it made the version; the other's is still at it.
    await db.replay.update({ where: { id: dead.id }, data: { status: 'finishing', workerId: 'gone-host:1:abcd', leaseUntil: new Date(Date.now() - 1000) } });
    await db.replay.update({ where: { id: alive.id }, data: { status: 'finishing', workerId: 'busy-host:1:abcd', leaseUntil: new Date(Date.now() + 600_000) } });
    const worker = await startPgBossReplayWorker({ db, env, url: fresh.url });
    cleanups.push(async () => {
      await worker.stop();
      await stopBoss(fresh.url);
    });
    const replay = await waitFor('the dead worker\'s replay to be finished', async () => {
      const replay = await getReplay(db, 'default', dead.id);
      // Taken back, it is running again for a moment before it is closed.
      return ['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(replay.status) && replay;
    });
    expect(replay).toMatchObject({ status: 'completed', progress: { done: 8, total: 8, errors: 0 } });
    expect(await db.conversation.count({ where: { datasetId: replay.datasetId! } })).toBe(4);
    // No turn generated again: 8 per replay, both generated before the worker started.
    expect(model.requests).toHaveLength(16);
    expect((await getReplay(db, 'default', alive.id)).status).toBe('finishing');
  });
});
