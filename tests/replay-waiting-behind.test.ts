import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { saveDataset } from '@/lib/imports/save-dataset';
import { startReplay } from '@/lib/replay';
import { getReplayLive } from '@/lib/replay/replay-live';
import { migratedDatabase, type FreshDatabase } from './db/databases';

// The replay page polls GET /api/replays/:id/progress (getReplayLive): a queued replay learns what it waits behind.
let database: FreshDatabase;
let db: Db;
beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  db = createDbClient(database.url);
});
afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('a queued replay’s progress', () => {
  it('names the replays being generated and how many queued replays go first, never a run; a running replay waits behind nothing', async () => {
    const { id: datasetId } = await saveDataset(db, { projectId: 'default', name: 'Support', sourceFormat: 'turnwise', conversations: [{ turns: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] }] });
    // A run under way holds none of the replays' slots.
    await createRun(db, { projectId: 'default', datasetId, modelVersion: 'v0', judgeKind: 'offline', judgeModel: 'offline', metricSettings: {}, concurrency: 1, totalItems: 10, status: 'running' });
    const target = { kind: 'openai' as const, baseUrl: 'http://127.0.0.1:9/v1', model: 'm' };
    const replay = (modelVersion: string) => startReplay(db, 'default', { datasetId, target, modelVersion }, null, {});
    const busy = await replay('v1');
    await db.replay.update({ where: { id: busy.id }, data: { status: 'running', startedAt: new Date() } });
    const first = await replay('v2');
    const second = await replay('v3');

    expect((await getReplayLive(db, 'default', second.id)).waitingBehind).toEqual({ running: [{ id: busy.id, label: 'v1 from Support', done: 0, total: 1 }], runningCount: 1, queuedAhead: 1 });
    expect((await getReplayLive(db, 'default', first.id)).waitingBehind).toMatchObject({ queuedAhead: 0, runningCount: 1 });
    expect((await getReplayLive(db, 'default', busy.id)).waitingBehind).toBeNull();
  });
});
