import { loadavg } from 'node:os';
import type { Db } from '../../lib/db/db-types';
import { getRunStatus } from '../../lib/db/queries/runs/get-run-status';
import { saveDataset } from '../../lib/imports/save-dataset';
import type { Conversation } from '../../lib/domain';
import { enqueueRun } from '../../lib/runs/queue/enqueue-run';
import { runRequestSchema } from '../../lib/runs/request/run-request';
import { machineBusySeconds, postgresCommits, postgresCpu } from './cpu';
import { startJudgeProcess } from './judge-process';
import { startWorkerProcess, type WorkerProcess } from './worker-process';

/*
 * Workers on several machines: 1, 2 and 4 `bin/worker.ts` processes (as on separate machines:
 * nothing shared but the database and the judge) share one run of N conversations, each
 * process with the same settings (chunk jobs at once × the run's concurrency per chunk), against
 * a scripted judge whose every answer takes `latencyMs`. Then one worker is killed (SIGKILL)
 * while it holds chunks, and the run must still end with exactly one result per conversation
 * and metric.
 */

export interface WorkersOptions {
  conversations: number;
  latencyMs: number;
  /** The run's concurrency: items at once within a chunk. */
  concurrency: number;
  /** TURNWISE_WORKER_JOBS: chunks one process takes at once. */
  jobs: number;
  chunkSize: number;
  counts: number[];
  log: (line: string) => void;
}

export interface WorkersFigures {
  /** Conversations per second with N workers, by N. */
  rate: Record<number, number>;
  seconds: Record<number, number>;
  speedup2: number;
  speedup4: number;
  judgeCalls: number;
  /** CPU ms per conversation, by N: the workers, PostgreSQL's backends, the judge stub, and the whole machine (with whatever else runs on it). */
  cpuMs: Record<number, { workers: number; postgres: number; judge: number; machine: number }>;
  /** PostgreSQL transactions committed per conversation, by N. */
  commits: Record<number, number>;
  workerPeakRssMb: number;
  kill: { results: number; expected: number; duplicates: number; missing: number; handedOver: number; ok: boolean; seconds: number };
}

const METRIC = 'role_adherence';

function conversation(i: number): Conversation {
  return {
    name: `Chat ${i}`,
    chatbotRole: 'A polite support assistant for a parcel delivery company.',
    turns: [
      { role: 'user', content: `Hello, where is my parcel ${i}?` },
      { role: 'assistant', content: `Parcel ${i} left the depot this morning and arrives tomorrow.` },
      { role: 'user', content: 'Can I change the address?' },
      { role: 'assistant', content: 'Yes: reply with the new address before 6 pm and the driver will take it there.' },
    ],
  };
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, detail: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${detail().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How long the run's chunk jobs took, from pg-boss's own timestamps. */
async function chunkTimes(db: Db, runId: string): Promise<{ meanSeconds: number; totalSeconds: number }> {
  const [row] = await db.$queryRawUnsafe<{ mean: number; total: number }[]>(
    `SELECT avg(extract(epoch FROM completed_on - started_on))::float AS mean, sum(extract(epoch FROM completed_on - started_on))::float AS total
       FROM pgboss.job WHERE name = 'turnwise-run-chunks' AND data->>'runId' = $1 AND state = 'completed'`,
    runId,
  );
  return { meanSeconds: row?.mean ?? 0, totalSeconds: row?.total ?? 0 };
}

const ended = async (db: Db, runId: string) => !['queued', 'running'].includes((await getRunStatus(db, 'default', runId)).status);

export async function benchWorkers(db: Db, url: string, options: WorkersOptions): Promise<WorkersFigures> {
  const { log } = options;
  const dataset = await saveDataset(db, {
    projectId: 'default',
    name: 'bench workers',
    sourceFormat: 'turnwise',
    conversations: Array.from({ length: options.conversations }, (_, i) => conversation(i)),
  });
  const judge = await startJudgeProcess(options.latencyMs);
  const postgres = postgresCpu(db);
  // A model per pass: the judge cache (keyed by model) must not answer one pass from another's replies.
  const models = [...options.counts.map((n) => `pass-${n}`), 'pass-kill'];
  const baseEnv = {
    DATABASE_URL: url,
    TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: judge.url, models }]),
    TURNWISE_RUN_CHUNK_SIZE: String(options.chunkSize),
    TURNWISE_WORKER_JOBS: String(options.jobs),
  };
  const startRun = (model: string, env: Record<string, string>) =>
    enqueueRun(
      db,
      'default',
      runRequestSchema.parse({ datasetId: dataset.id, metrics: [{ name: METRIC, options: {} }], judge: { kind: 'openai', name: 'local', model }, concurrency: options.concurrency }),
      env,
    );
  const timeOf = async (runId: string) => {
    const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, createdAt: true, finishedAt: true, judgeCalls: true } });
    if (run.status !== 'completed') throw new Error(`run ${runId} ended ${run.status}`);
    return { seconds: (run.finishedAt!.getTime() - run.createdAt.getTime()) / 1000, judgeCalls: run.judgeCalls };
  };

  const figures: WorkersFigures = { rate: {}, seconds: {}, speedup2: 0, speedup4: 0, judgeCalls: 0, cpuMs: {}, commits: {}, workerPeakRssMb: 0, kill: { results: 0, expected: 0, duplicates: 0, missing: 0, handedOver: 0, ok: false, seconds: 0 } };
  let workers: WorkerProcess[] = [];
  const stopAll = async () => {
    for (const w of workers) figures.workerPeakRssMb = Math.max(figures.workerPeakRssMb, w.peakRssMb());
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
  };
  const outputs = () => workers.map((w) => w.output()).join('\n---\n');
  try {
    for (const n of options.counts) {
      workers = Array.from({ length: n }, () => startWorkerProcess(baseEnv));
      await Promise.all(workers.map((w) => w.ready));
      const cpuBefore = workers.reduce((sum, w) => sum + w.cpuSeconds(), 0);
      const before = { postgres: await postgres.read(), judge: judge.cpuSeconds(), machine: machineBusySeconds(), commits: await postgresCommits(db) };
      // Backends seen every second: one that closes before the end keeps what it spent.
      const sampling = setInterval(() => void postgres.read().catch(() => undefined), 1000);
      const { runId } = await startRun(`pass-${n}`, baseEnv);
      await waitFor(`the run with ${n} worker(s)`, () => ended(db, runId), 30 * 60_000, outputs).finally(() => clearInterval(sampling));
      const perConversation = (seconds: number) => (seconds * 1000) / options.conversations;
      const cpu = {
        postgres: perConversation((await postgres.read()) - before.postgres),
        judge: perConversation(judge.cpuSeconds() - before.judge),
        machine: perConversation(machineBusySeconds() - before.machine),
      };
      const cpuMs = perConversation(workers.reduce((sum, w) => sum + w.cpuSeconds(), 0) - cpuBefore);
      // The statistics collector reports commits with a delay of up to a second (PostgreSQL 15: at most every 1 s).
      await new Promise((r) => setTimeout(r, 1500));
      figures.commits[n] = ((await postgresCommits(db)) - before.commits) / options.conversations;
      const { seconds, judgeCalls } = await timeOf(runId);
      figures.seconds[n] = seconds;
      figures.rate[n] = options.conversations / seconds;
      figures.judgeCalls = judgeCalls;
      const took = workers.map((w) => (w.output().match(new RegExp(`run ${runId}: chunk \\d+–\\d+ scored`, 'g')) ?? []).length);
      figures.cpuMs[n] = { workers: cpuMs, ...cpu };
      const chunks = await chunkTimes(db, runId);
      const busy = chunks.totalSeconds / (n * options.jobs * seconds);
      log(
        `${n} worker(s): ${seconds.toFixed(1)} s, ${figures.rate[n].toFixed(1)} conversations/s, ${judgeCalls} judge calls; chunks per worker ${took.join(', ')}; ` +
          `a chunk took ${chunks.meanSeconds.toFixed(2)} s on average, job slots busy ${(busy * 100).toFixed(0)}% of the run; ` +
          `CPU ms per conversation: workers ${cpuMs.toFixed(1)} (${((cpuMs * figures.rate[n]) / 1000).toFixed(2)} cores), PostgreSQL ${cpu.postgres.toFixed(1)}, judge stub ${cpu.judge.toFixed(1)}, ` +
          `whole machine ${cpu.machine.toFixed(1)} (${((cpu.machine * figures.rate[n]) / 1000).toFixed(2)} cores); ${figures.commits[n].toFixed(1)} PostgreSQL transactions per conversation; load average ${loadavg()[0].toFixed(1)}`,
      );
      await stopAll();
    }
    const one = figures.rate[1];
    figures.speedup2 = figures.rate[2] ? figures.rate[2] / one : 0;
    figures.speedup4 = figures.rate[4] ? figures.rate[4] / one : 0;

    // A worker killed while it holds chunks: its chunks go to the others once its lease lapses.
    const lease = { TURNWISE_CHUNK_EXPIRE_SECONDS: '4', TURNWISE_QUEUE_MAINTENANCE_SECONDS: '1' };
    const killEnv = { ...baseEnv, ...lease };
    workers = Array.from({ length: Math.max(2, ...options.counts) }, () => startWorkerProcess(killEnv));
    await Promise.all(workers.map((w) => w.ready));
    const { runId } = await startRun('pass-kill', killEnv);
    const total = (await getRunStatus(db, 'default', runId)).totalItems;
    await waitFor('a quarter of the run', async () => (await getRunStatus(db, 'default', runId)).doneItems >= total / 4, 10 * 60_000, outputs);
    const victim = workers[0];
    victim.child.kill('SIGKILL');
    log(`killed worker pid ${victim.child.pid} (SIGKILL) at ${(await getRunStatus(db, 'default', runId)).doneItems} of ${total} results`);
    await waitFor('the run after the kill', () => ended(db, runId), 30 * 60_000, outputs);
    figures.kill.seconds = (await timeOf(runId)).seconds;
    const rows = await db.result.findMany({ where: { runId }, select: { conversationId: true, metric: true, error: true } });
    const pairs = new Set(rows.map((r) => `${r.conversationId}:${r.metric}`));
    const conversationIds = await db.conversation.findMany({ where: { datasetId: dataset.id }, select: { id: true } });
    const expected = new Set(conversationIds.map((c) => `${c.id}:${METRIC}`));
    const retried = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'turnwise-run-chunks' AND data->>'runId' = $1 AND retry_count > 0`,
      runId,
    );
    figures.kill = {
      results: rows.length,
      expected: expected.size,
      duplicates: rows.length - pairs.size,
      missing: [...expected].filter((k) => !pairs.has(k)).length,
      handedOver: retried[0]?.n ?? 0,
      ok: false,
      seconds: figures.kill.seconds,
    };
    figures.kill.ok = figures.kill.duplicates === 0 && figures.kill.missing === 0 && rows.length === expected.size && rows.every((r) => r.error === null);
    log(
      `after the kill: ${rows.length} results for ${expected.size} conversation×metric pairs, ${figures.kill.duplicates} duplicate(s), ${figures.kill.missing} missing, ` +
        `${figures.kill.handedOver} chunk(s) handed to another worker; run took ${figures.kill.seconds.toFixed(1)} s: ${figures.kill.ok ? 'OK' : 'WRONG'}`,
    );
    await stopAll();
  } finally {
    await stopAll();
    await judge.close();
  }
  return figures;
}
