import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { saveDataset } from '@/lib/imports/save-dataset';
import { claimRun } from '@/lib/db/queries/runs/claim-run';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { renewRunLease } from '@/lib/db/queries/runs/renew-run-lease';
import { cancelRun } from '@/lib/runs/lifecycle/cancel-run';
import { isWorkerGone } from '@/lib/jobs/worker-identity';
import { migratedDatabase, type FreshDatabase } from './db/databases';

/* Claiming runs on the SQLite queue: who may take a run, and that only one worker does. */

let fresh: FreshDatabase;
let db: Db;
let datasetId: string;
beforeAll(async () => {
  fresh = await migratedDatabase('sqlite');
  db = createDbClient(fresh.url);
  datasetId = (await saveDataset(db, { projectId: 'default', name: 'd', sourceFormat: 'deepeval', conversations: [{ turns: [{ role: 'user', content: 'hi' }] }] })).id;
});
afterAll(async () => {
  await db.$disconnect();
  await fresh.drop();
});

const queued = async () =>
  (await createRun(db, { projectId: 'default', datasetId, judgeKind: 'offline', judgeModel: 'm', metricSettings: {}, concurrency: 1, totalItems: 1 })).id;

async function only(runId: string) {
  await db.run.updateMany({ where: { id: { not: runId }, status: { in: ['queued', 'running'] } }, data: { status: 'completed' } });
}

describe('claiming runs', () => {
  it('gives a queued run to exactly one of two racing workers', async () => {
    const id = await queued();
    await only(id);
    const claims = await Promise.all([claimRun(db, { workerId: 'a', leaseMs: 60_000 }), claimRun(db, { workerId: 'b', leaseMs: 60_000 })]);
    expect(claims.filter(Boolean)).toEqual([{ id, resumed: false }]);
    const run = await db.run.findUniqueOrThrow({ where: { id } });
    expect(run.status).toBe('running');
    expect(run.startedAt).not.toBeNull();
    expect(await renewRunLease(db, id, run.workerId!, 60_000)).toBe('held');
    expect(await renewRunLease(db, id, 'someone-else', 60_000)).toBe('lost');
  });

  it('takes over a running run once its lease has passed or its worker is gone, not before', async () => {
    const id = await queued();
    await only(id);
    await claimRun(db, { workerId: 'a', leaseMs: 60_000 });
    expect(await claimRun(db, { workerId: 'b', leaseMs: 60_000 })).toBeNull();
    expect(await claimRun(db, { workerId: 'b', leaseMs: 60_000, isGone: (w) => w === 'a' })).toEqual({ id, resumed: true });
    expect(await renewRunLease(db, id, 'a', 60_000)).toBe('lost');
    const later = new Date(Date.now() + 120_000);
    expect(await claimRun(db, { workerId: 'c', leaseMs: 60_000, now: later })).toEqual({ id, resumed: true });
  });

  it('leaves ended and cancelled runs alone, and tells the holder of a cancelled run', async () => {
    const id = await queued();
    await only(id);
    await claimRun(db, { workerId: 'a', leaseMs: 60_000 });
    await cancelRun(db, 'default', id);
    expect(await renewRunLease(db, id, 'a', 60_000)).toBe('cancelled');
    expect(await claimRun(db, { workerId: 'b', leaseMs: 60_000, now: new Date(Date.now() + 120_000) })).toBeNull();
  });
});

describe('isWorkerGone', () => {
  it('is true only for a process of this host that no longer exists', () => {
    const exited = spawnSync(process.execPath, ['-e', '']).pid!;
    expect(isWorkerGone(`${os.hostname()}:${exited}:abcd1234`)).toBe(true);
    expect(isWorkerGone(`${os.hostname()}:${process.pid}:abcd1234`)).toBe(false);
    expect(isWorkerGone(`${os.hostname()}:${process.ppid}:abcd1234`)).toBe(false);
    expect(isWorkerGone(`another-host:${exited}:abcd1234`)).toBe(false);
    expect(isWorkerGone('garbage')).toBe(false);
  });
});

describe('a run stored by turnwise eval --save', () => {
  it('is not taken by a dashboard worker on the same database while the CLI scores it', async () => {
    await db.run.updateMany({ where: { status: { in: ['queued', 'running'] } }, data: { status: 'completed' } });
    const { recordEvaluation } = await import('@/lib/imports/record-evaluation');
    const { createScriptedJudge } = await import('@/lib/judge/scripted-judge');
    let claimedDuringScoring: unknown = 'not tried';
    const judge = createScriptedJudge({
      'conversation_relevancy.relevance': async () => {
        // While the CLI's run is being scored, a worker polling the queue must find nothing to take.
        if (claimedDuringScoring === 'not tried') claimedDuringScoring = await claimRun(db, { workerId: 'dashboard', leaseMs: 60_000, isGone: isWorkerGone });
        return { verdict: 'yes', reason: 'on topic' };
      },
      reason: () => ({ reason: 'fine' }),
    });
    const saved = await recordEvaluation(db, {
      dataset: { projectId: 'default', name: 'cli', sourceFormat: 'deepeval-json', conversations: [{ turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] }] },
      metrics: [{ name: 'conversation_relevancy', options: {} }],
      judge,
      judgeName: null,
      concurrency: 1,
    });
    expect(claimedDuringScoring).toBeNull();
    expect(saved.status).toBe('completed');
    const run = await db.run.findUniqueOrThrow({ where: { id: saved.runId } });
    expect(run.doneItems).toBe(1);
  });
});
