import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProgressResponse } from '@/lib/api/run-progress';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { createRun } from '@/lib/db/queries/runs/create-run';
import type { RunProgressSnapshot } from '@/lib/domain/run-progress';
import { saveDataset } from '@/lib/imports/save-dataset';
import { migratedDatabase, type FreshDatabase } from './db/databases';

// The run page polls GET /api/runs/progress: a queued run learns what the workers are busy with.
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

const progress = async (ids: string[]) =>
  ((await (await runProgressResponse(db, 'default', new Request(`http://localhost/api/runs/progress?ids=${ids.join(',')}`))).json()) as { runs: RunProgressSnapshot[] }).runs;

describe('a queued run’s progress', () => {
  it('says which runs are being scored and how many queued runs go first; a running run waits behind nothing', async () => {
    const { id: datasetId } = await saveDataset(db, { projectId: 'default', name: 'Support', sourceFormat: 'turnwise', conversations: [{ turns: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] }] });
    const run = (status: 'queued' | 'running', modelVersion: string) =>
      createRun(db, { projectId: 'default', datasetId, modelVersion, judgeKind: 'offline', judgeModel: 'offline', metricSettings: {}, concurrency: 1, totalItems: 120, status });
    const busy = await run('running', 'v1');
    const first = await run('queued', 'v2');
    const second = await run('queued', 'v3');
    const byId = new Map((await progress([busy.id, first.id, second.id])).map((r) => [r.id, r]));
    expect(byId.get(second.id)!.waitingBehind).toEqual({ running: [{ id: busy.id, label: 'v1 on Support', done: 0, total: 120 }], runningCount: 1, queuedAhead: 1 });
    expect(byId.get(first.id)!.waitingBehind).toMatchObject({ queuedAhead: 0, runningCount: 1 });
    expect(byId.get(busy.id)!.waitingBehind).toBeNull();
  });
});
