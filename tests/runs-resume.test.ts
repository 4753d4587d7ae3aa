import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { saveDataset } from '@/lib/imports/save-dataset';
import { getRunStatus } from '@/lib/db/queries/runs/get-run-status';
import { parseDataset } from '@/lib/datasets';
import { applicableMetrics } from '@/lib/metrics/registry';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import { startSqliteRunWorker } from '@/lib/runs/queue/sqlite-run-worker';
import { migratedDatabase } from './db/databases';
import { startJudgeServer, type JudgeServer, type JudgeServerHandler } from './helpers/judge-server';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { waitFor } from './helpers/wait-for';
import { nodeArgs } from './helpers/entry-bundles';

/*
 * A worker process killed with SIGKILL in the middle of a run, then another one started
 * on the same SQLite file: the run must end as if nothing had happened. The judge server
 * counts the requests it answered; the kill happens while the worker waits for replies
 * the server holds back, after every answered reply is in the judge cache.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const demo = parseDataset(readFileSync(path.join(ROOT, 'lib/demo/demo-dataset.json'), 'utf8'), { fileName: 'demo-dataset.json' });
const METRICS = applicableMetrics(demo.conversations);
const MODEL = 'judge-model';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Answers like the offline judge and counts what it answered; `hold` makes new requests wait forever. */
async function countingServer(): Promise<{ server: JudgeServer; answered: () => number; held: () => number; hold: (on: boolean) => void }> {
  const answer = answerLikeOfflineJudge();
  let answered = 0;
  let held = 0;
  let holding = false;
  const handler: JudgeServerHandler = (body, context) => {
    if (holding) {
      held++;
      return new Promise(() => undefined);
    }
    answered++;
    return answer(body, context);
  };
  const server = await startJudgeServer({ handler, latencyMs: 15 });
  cleanups.push(() => server.close());
  return { server, answered: () => answered, held: () => held, hold: (on) => void (holding = on) };
}

const judgeEnv = (server: JudgeServer) => ({
  TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: server.url, models: [MODEL] }]),
  TURNWISE_WORKER_POLL_MS: '100',
  TURNWISE_RUN_CHUNK_SIZE: '2',
});

async function queuedRun(env: Record<string, string>): Promise<{ db: Db; url: string; runId: string }> {
  const fresh = await migratedDatabase('sqlite');
  const db = createDbClient(fresh.url);
  cleanups.push(async () => {
    await db.$disconnect();
    await fresh.drop();
  });
  const dataset = await saveDataset(db, { projectId: 'default', name: 'demo', sourceFormat: 'deepeval', conversations: demo.conversations });
  const request = runRequestSchema.parse({
    datasetId: dataset.id,
    metrics: METRICS.map((name) => ({ name, options: {} })),
    judge: { kind: 'openai', name: 'local', model: MODEL },
    concurrency: 3,
  });
  const { runId } = await enqueueRun(db, 'default', request, { ...env, DATABASE_URL: fresh.url });
  return { db, url: fresh.url, runId };
}

function workerProcess(url: string, env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<void> } {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(childEnv)) if (key.startsWith('OPENAI_') || key.startsWith('TURNWISE_')) delete childEnv[key];
  // At the runner's own CPU priority: on a busy test machine a lowered worker would only be slower.
  childEnv.TURNWISE_WORKER_NICE = '0';
  // node itself, not the tsx CLI: the CLI would run the worker in a child process that survives a kill.
  const child = spawn(process.execPath, nodeArgs('bin/worker.ts'), { cwd: ROOT, env: { ...childEnv, ...env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return { child, output: () => output, exited };
}

const ended = async (db: Db, runId: string) => !['queued', 'running'].includes((await getRunStatus(db, 'default', runId)).status);

async function resultRows(db: Db, runId: string) {
  return db.result.findMany({
    where: { runId },
    select: { id: true, conversationId: true, metric: true, score: true, error: true, conversation: { select: { position: true } } },
    orderBy: [{ conversation: { position: 'asc' } }, { metric: 'asc' }],
  });
}

describe('a run whose worker process is killed', () => {
  it('resumes in a new worker process with every result once and no extra judge calls', async () => {
    // The same run uninterrupted, for the counts to compare with.
    const reference = await countingServer();
    const refEnv = judgeEnv(reference.server);
    const ref = await queuedRun(refEnv);
    const refWorker = startSqliteRunWorker({ db: ref.db, env: refEnv });
    cleanups.push(() => refWorker.stop());
    await waitFor('the uninterrupted run', () => ended(ref.db, ref.runId), { timeoutMs: 45_000 });
    const expectedCalls = reference.answered();
    const expected = (await resultRows(ref.db, ref.runId)).map((r) => [r.conversation.position, r.metric, r.score, r.error]);

    const judge = await countingServer();
    const env = judgeEnv(judge.server);
    const { db, url, runId } = await queuedRun(env);
    const killAt = Math.floor(expectedCalls / 2);

    const first = workerProcess(url, env);
    await waitFor('half of the judge calls', () => judge.answered() >= killAt, { timeoutMs: 45_000, detail: first.output });
    judge.hold(true);
    // Every answered reply is in the cache and the worker is waiting on held requests.
    await waitFor('the cache to hold every answered reply', async () => (await db.judgeCache.count()) === judge.answered() && judge.held() > 0, { timeoutMs: 45_000 });
    // The worker reports the calls it made once a second: wait until every answered call is on the run.
    await waitFor('the worker to report every answered call', async () =>
      (await db.run.findUniqueOrThrow({ where: { id: runId }, select: { judgeCallsSent: true } })).judgeCallsSent === judge.answered(),
      { timeoutMs: 45_000 },
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const before = await resultRows(db, runId);
    const mid = await getRunStatus(db, 'default', runId);
    const stored = await db.result.aggregate({ where: { runId }, _sum: { judgeCalls: true } });
    // Answered before the kill but on no stored result: the resumed worker finds these in the cache.
    const lostCalls = judge.answered() - (stored._sum.judgeCalls ?? 0);
    expect(lostCalls).toBeGreaterThanOrEqual(0);
    expect(mid.status).toBe('running');
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(mid.totalItems);

    judge.hold(false);
    const second = workerProcess(url, env);
    await waitFor('the resumed run to end', () => ended(db, runId), { timeoutMs: 45_000, detail: second.output });
    expect(second.output()).toContain('resumed');

    const run = await getRunStatus(db, 'default', runId);
    const after = await resultRows(db, runId);
    expect(run.status).toBe('completed');
    expect(after).toHaveLength(run.totalItems);
    expect(run.doneItems).toBe(run.totalItems);
    expect(new Set(after.map((r) => `${r.conversationId}:${r.metric}`)).size).toBe(run.totalItems);
    // What was stored before the kill stayed as it was.
    const ids = new Set(after.map((r) => r.id));
    expect(before.every((r) => ids.has(r.id))).toBe(true);
    // Requests answered before the kill were not sent again: the total is the uninterrupted run's.
    expect(judge.answered()).toBe(expectedCalls);
    // The run counts the calls the killed worker made for results it never stored.
    const counted = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { judgeCalls: true, judgeCallsSent: true } });
    expect(counted.judgeCallsSent).toBe(judge.answered());
    expect(counted.judgeCalls).toBe(counted.judgeCallsSent - lostCalls);
    expect(after.map((r) => [r.conversation.position, r.metric, r.score, r.error])).toEqual(expected);
  }, 90_000);
});
