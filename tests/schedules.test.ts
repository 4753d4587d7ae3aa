import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT } from '../lib/identity/project';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import type { Principal } from '@/lib/identity/principal';
import { saveDataset } from '@/lib/imports/save-dataset';
import { llmJudgeRefusal } from '@/lib/metrics/llm-judge-refusal';
import { nextTime } from '@/lib/schedules/cron';
import { startDueSchedules } from '@/lib/schedules/due-schedules';
import { createSchedule, deleteSchedule, runScheduleNow, setScheduleEnabled, updateSchedule } from '@/lib/schedules/manage-schedules';
import { scheduleJobs } from '@/lib/schedules/schedule-jobs';
import { listAudit } from '@/lib/auth/audit';
import { stopBoss } from '@/lib/jobs/pg-boss/boss';
import { executeReplayChunk } from '@/lib/replay/execution/execute-replay-chunk';
import { closeReplay } from '@/lib/replay/lifecycle/close-replay';
import { executeRunChunk } from '@/lib/runs';
import { finishRun } from '@/lib/runs/lifecycle';
import { listScheduleStarts } from '@/lib/schedules/schedule-starts';
import { migratedDatabase, providers, TEST_POSTGRES_URL } from './db/databases';
import { lastUserMessage, startJudgeServer } from './helpers/judge-server';
import { waitFor } from './helpers/wait-for';

/*
 * Schedules: what a schedule starts is checked when it is saved; a due start is claimed once
 * (two workers on one PostgreSQL database start it once), the times missed while no worker ran
 * make one start, and each start links the run of the one before it.
 */

const DAY = 24 * 3_600_000;
const TZ = 'UTC';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(provider: 'sqlite' | 'postgres'): Promise<{ db: Db; url: string; env: Record<string, string> }> {
  const fresh = await migratedDatabase(provider);
  const db = createDbClient(fresh.url);
  cleanups.push(async () => {
    // A run queued on PostgreSQL started this process's pg-boss on the database.
    if (provider === 'postgres') await stopBoss(fresh.url);
    await db.$disconnect();
    await fresh.drop();
  });
  return { db, url: fresh.url, env: { DATABASE_URL: fresh.url, TZ } };
}

async function editor(db: Db, email = 'ed@example.com'): Promise<Principal> {
  const user = await db.user.create({ data: { id: `u-${email}`, email, name: 'Ed', role: 'member', projects: { create: { projectId: 'default', role: 'editor' } } } });
  return { id: user.id, email, name: 'Ed', role: 'editor', via: 'session', instanceAdmin: false, project: DEFAULT_PROJECT };
}

async function dataset(db: Db): Promise<string> {
  const saved = await saveDataset(db, { projectId: 'default',
    name: 'support',
    sourceFormat: 'turnwise',
    conversations: [1, 2, 3].map((i) => ({
      externalId: `c${i}`,
      turns: [
        { role: 'user' as const, content: `Where is order ${i}?` },
        { role: 'assistant' as const, content: `Order ${i} ships Friday.` },
      ],
    })),
  });
  return saved.id;
}

const runRequest = (datasetId: string, metrics = ['knowledge_retention']) => ({
  datasetId,
  metrics: metrics.map((name) => ({ name, options: {} })),
  judge: { kind: 'offline' as const },
  concurrency: 2,
});

const nightly = (datasetId: string, extra: Record<string, unknown> = {}) => ({ name: 'nightly', cron: '0 2 * * *', kind: 'run', request: runRequest(datasetId), ...extra });

describe.each(providers)('schedules on %s', (provider) => {
  it('are refused at save as a new run would be, field by field', async () => {
    const { db, env } = await database(provider);
    const who = await editor(db);
    const datasetId = await dataset(db);
    await expect(createSchedule(db, who, { ...nightly(datasetId), cron: '0 2 * *' }, env)).rejects.toMatchObject({ code: 'BAD_INPUT', details: { field: 'cron' } });
    await expect(createSchedule(db, who, { ...nightly(datasetId), cron: '0 25 * * *' }, env)).rejects.toMatchObject({
      message: expect.stringMatching(/^The hour \(field 2\) "25" is not valid: it takes 0-23/),
      details: { field: 'cron' },
    });
    // The one sentence every place that starts work gives.
    await expect(createSchedule(db, who, nightly(datasetId, { request: runRequest(datasetId, ['role_adherence']) }), env)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: llmJudgeRefusal(['role_adherence']),
      details: { field: 'metrics' },
    });
    const replay = { datasetId, target: { kind: 'openai', baseUrl: 'http://169.254.169.254/v1', model: 'm' }, modelVersion: 'v2', evaluate: { metrics: ['knowledge_retention'], judge: { kind: 'offline' } } };
    await expect(createSchedule(db, who, { name: 'replay', cron: '0 2 * * *', kind: 'replay', request: replay }, env)).rejects.toMatchObject({ details: { field: 'target.baseUrl' } });
    const unscored = { ...replay, target: { kind: 'openai', baseUrl: 'https://models.example.com/v1', model: 'm' }, evaluate: undefined };
    await expect(createSchedule(db, who, { name: 'replay', cron: '0 2 * * *', kind: 'replay', request: unscored }, env)).rejects.toThrow(/^A scheduled replay scores the version it makes/);
    await createSchedule(db, who, nightly(datasetId), env);
    await expect(createSchedule(db, who, nightly(datasetId), env)).rejects.toMatchObject({ code: 'CONFLICT', details: { field: 'name' } });
    const viewer: Principal = { ...who, role: 'viewer' };
    await expect(createSchedule(db, viewer, { ...nightly(datasetId), name: 'other' }, env)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await db.schedule.count()).toBe(1);
  });

  it('starts once after a restart that missed several due times, and the next start links the run before it', async () => {
    const { db, env } = await database(provider);
    const who = await editor(db);
    const datasetId = await dataset(db);
    const schedule = await createSchedule(db, who, nightly(datasetId), env);
    // The server was down for three days: three 02:00 starts went by.
    const downSince = new Date(Date.now() - 3 * DAY - 3_600_000);
    await db.schedule.update({ where: { id: schedule.id }, data: { nextDueAt: nextTime('0 2 * * *', downSince, TZ) } });

    // The worker's lane starts as the process does: its first tick finds the missed times.
    const kind = scheduleJobs();
    const worker = await kind.start({ db, env: { ...env, TURNWISE_SCHEDULE_POLL_MS: '50' }, url: env.DATABASE_URL, log: () => undefined, workerId: 'w1' });
    cleanups.push(() => worker.stop());
    await waitFor('the missed start', async () => (await db.scheduleRun.count()) === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await worker.stop();
    const starts = await db.scheduleRun.findMany();
    expect(starts).toHaveLength(1);
    expect(starts[0]).toMatchObject({ trigger: 'missed', error: null, previousRunId: null });
    expect(await db.run.count()).toBe(1);
    const after = await db.schedule.findUniqueOrThrow({ where: { id: schedule.id } });
    expect(after.nextDueAt!.getTime()).toBeGreaterThan(Date.now());
    expect(after.nextDueAt!.toISOString()).toMatch(/T02:00:00\.000Z$/);

    // Due again while the first run is still queued: skipped, not piled up.
    await db.schedule.update({ where: { id: schedule.id }, data: { nextDueAt: new Date(Date.now() - 1000) } });
    const [skipped] = await startDueSchedules(db, env, { timeZone: TZ });
    expect(skipped.outcome).toMatchObject({ status: 'skipped' });
    expect(await db.run.count()).toBe(1);

    // Once it ended, the next start is made and linked to it.
    await db.run.updateMany({ data: { status: 'completed', finishedAt: new Date() } });
    const first = starts[0].runId!;
    const outcome = await runScheduleNow(db, who, schedule.id, env);
    expect(outcome).toMatchObject({ status: 'started', previousRunId: first });
    const second = await db.scheduleRun.findFirstOrThrow({ where: { trigger: 'manual' } });
    expect(second.previousRunId).toBe(first);
    expect(second.runId).not.toBe(first);
    expect((await db.run.findUniqueOrThrow({ where: { id: second.runId! } })).createdById).toBe(who.id);
  });

  it('records every change in the audit log, and pausing stops its starts', async () => {
    const { db, env } = await database(provider);
    const who = await editor(db);
    const datasetId = await dataset(db);
    const schedule = await createSchedule(db, who, nightly(datasetId), env);
    await updateSchedule(db, who, schedule.id, { name: 'nightly support', cron: '30 1 * * 1-5' }, env);
    await setScheduleEnabled(db, who, schedule.id, false, env);
    await db.schedule.update({ where: { id: schedule.id }, data: { nextDueAt: new Date(Date.now() - DAY) } });
    expect(await startDueSchedules(db, env, { timeZone: TZ })).toEqual([]);
    const resumed = await setScheduleEnabled(db, who, schedule.id, true, env);
    expect(resumed.nextDueAt!.getTime()).toBeGreaterThan(Date.now());
    await runScheduleNow(db, who, schedule.id, env);
    const other = await editor(db, 'other@example.com');
    await expect(deleteSchedule(db, other, schedule.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await deleteSchedule(db, who, schedule.id);
    const audit = (await listAudit(db)).filter((e) => e.action.startsWith('schedule.')).reverse();
    expect(audit.map((e) => e.action)).toEqual(['schedule.create', 'schedule.update', 'schedule.pause', 'schedule.resume', 'schedule.run', 'schedule.delete']);
    expect(audit.every((e) => e.targetId === schedule.id && e.actorEmail === who.email)).toBe(true);
    expect(audit[1].detail).toContain('renamed from "nightly"');
    expect(audit[1].detail).toContain('0 2 * * * (At 02:00, every day');
    expect(audit[1].detail).toContain('30 1 * * 1-5 (At 01:30, Monday through Friday');
    // The runs it started stay; the record of its starts goes with it.
    expect(await db.run.count()).toBe(1);
    expect(await db.scheduleRun.count()).toBe(0);
  });
});

describe('a scheduled replay', () => {
  it('regenerates the dataset with its target, scores the new version, and the next start is compared with that run', { timeout: 60_000 }, async () => {
    const { db, env: base } = await database('sqlite');
    const env = { ...base, TURNWISE_EGRESS_ALLOW: '127.0.0.1' };
    const who = await editor(db);
    const datasetId = await dataset(db);
    const model = await startJudgeServer({ handler: (body) => ({ content: `New: ${lastUserMessage(body)}` }) });
    cleanups.push(() => model.close());
    const request = { datasetId, target: { kind: 'openai', baseUrl: model.url, model: 'm' }, modelVersion: 'v2', evaluate: { metrics: ['knowledge_retention'], judge: { kind: 'offline' } } };
    const schedule = await createSchedule(db, who, { name: 'nightly replay', cron: '0 2 * * *', kind: 'replay', request }, env);
    await db.schedule.update({ where: { id: schedule.id }, data: { nextDueAt: new Date(Date.now() - 60_000) } });

    // As the replay and run workers would: generate, close (which queues the scoring run), score, close.
    const endStart = async (replayId: string): Promise<string> => {
      await db.replay.update({ where: { id: replayId }, data: { status: 'running', startedAt: new Date() } });
      await executeReplayChunk({ db, env, replayId });
      await closeReplay(db, replayId, env);
      const { runId } = await db.replay.findUniqueOrThrow({ where: { id: replayId }, select: { runId: true } });
      await executeRunChunk({ db, env, runId: runId! });
      await finishRun(db, runId!);
      return runId!;
    };
    const [first] = await startDueSchedules(db, env, { timeZone: TZ });
    expect(first.outcome).toMatchObject({ status: 'started', previousRunId: null });
    const firstRun = await endStart((first.outcome as { replayId: string }).replayId);
    expect(model.requests.map((r) => lastUserMessage(r.body))).toEqual(['Where is order 1?', 'Where is order 2?', 'Where is order 3?']);
    const firstVersion = await db.run.findUniqueOrThrow({ where: { id: firstRun }, select: { status: true, dataset: { select: { conversations: { select: { turns: { where: { role: 'assistant' }, select: { content: true } } } } } } } });
    expect(firstVersion.status).toBe('completed');
    expect(firstVersion.dataset.conversations.flatMap((c) => c.turns.map((t) => t.content)).sort()).toEqual(['New: Where is order 1?', 'New: Where is order 2?', 'New: Where is order 3?']);

    const second = await runScheduleNow(db, who, schedule.id, env);
    expect(second).toMatchObject({ status: 'started', previousRunId: firstRun });
    const secondRun = await endStart((second as { replayId: string }).replayId);
    const [latest] = await listScheduleStarts(db, schedule.id);
    expect(latest.compareHref).toBe(`/compare?baseline=${firstRun}&candidate=${secondRun}`);
    expect(latest.changes.map((c) => c.metric)).toEqual(['knowledge_retention']);
  });
});

describe.skipIf(!TEST_POSTGRES_URL)('schedules on two workers sharing PostgreSQL', () => {
  it('start each due schedule once', { timeout: 60_000 }, async () => {
    const { db, url, env } = await database('postgres');
    const who = await editor(db);
    const datasetId = await dataset(db);
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await createSchedule(db, who, { ...nightly(datasetId), name }, env)).id);
    await db.schedule.updateMany({ data: { nextDueAt: new Date(Date.now() - 60_000) } });

    // Two workers, each with its own connections, as two machines would have.
    const other = createDbClient(url);
    cleanups.push(() => other.$disconnect());
    const workers = await Promise.all(
      [db, other].map((client, i) => scheduleJobs().start({ db: client, env: { ...env, TURNWISE_SCHEDULE_POLL_MS: '20' }, url, log: () => undefined, workerId: `w${i}` })),
    );
    cleanups.push(async () => {
      for (const w of workers) await w.stop();
    });
    await waitFor('every schedule to start', async () => (await db.scheduleRun.count()) === 3, { timeoutMs: 30_000 });
    // Both lanes poll on: neither starts any again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const w of workers) await w.stop();
    const starts = await db.scheduleRun.findMany();
    expect(starts.map((s) => s.scheduleId).sort()).toEqual([...ids].sort());
    expect(starts.every((s) => s.error === null && s.runId)).toBe(true);
    expect(await db.run.count()).toBe(3);
  });
});
