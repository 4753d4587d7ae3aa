import PgBoss from 'pg-boss';
import pRetry from 'p-retry';
import { chunkRanges, DEFAULT_CHUNK_SIZE } from './run-chunks';
import { envNumber } from './run-worker';

/** One pg-boss job: conversations [from, to) of a run. */
export interface ChunkJob {
  runId: string;
  from: number;
  to: number;
}

export const CHUNK_QUEUE = 'turnwise-run-chunks';

const RACE_CODES = new Set(['40P01', '23505']);

/** The longest a chunk job may run, alive or not. */
const CHUNK_CEILING_SECONDS = 6 * 60 * 60;

/** How long a worker may stay silent on its chunk before the chunk is given to another (TURNWISE_CHUNK_EXPIRE_SECONDS). */
export const chunkLeaseSeconds = (env: Record<string, string | undefined>): number => envNumber(env, 'TURNWISE_CHUNK_EXPIRE_SECONDS', 300);

const globalForBoss = globalThis as unknown as { turnwiseBoss?: Map<string, Promise<PgBoss>> };

/**
 * The process's pg-boss on a PostgreSQL database, started once (it installs its own schema,
 * "pgboss", on first use) with the chunk queue created. A chunk whose worker died is
 * retried once its worker has been silent for TURNWISE_CHUNK_EXPIRE_SECONDS (300); the retry
 * skips the results already stored. A live worker says so however slow its chunk (keepJobAlive).
 */
export function getBoss(url: string, env: Record<string, string | undefined> = process.env): Promise<PgBoss> {
  const bosses = (globalForBoss.turnwiseBoss ??= new Map());
  let boss = bosses.get(url);
  if (!boss) {
    boss = (async () => {
      const instance = new PgBoss({
        connectionString: url,
        max: 4,
        application_name: 'turnwise-queue',
        // Expired jobs are found at maintenance: how soon a dead worker's chunk is taken again.
        maintenanceIntervalSeconds: envNumber(env, 'TURNWISE_QUEUE_MAINTENANCE_SECONDS', 30),
      });
      instance.on('error', (error) => console.error(`pg-boss: ${error.message}`));
      await instance.start();
      const options = {
        name: CHUNK_QUEUE,
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        // pg-boss 10 fails a job whose handler runs longer than this, alive or not: a ceiling
        // only. A dead worker is found sooner by its silence (failSilentJobs).
        expireInSeconds: CHUNK_CEILING_SECONDS,
      };
      // Workers starting together race to create the queue; PostgreSQL then aborts one of
      // them as a deadlock (40P01) or a duplicate (23505). Creating it again settles it.
      const settle = { retries: 5, minTimeout: 50, maxTimeout: 1000, randomize: true, shouldRetry: (error: Error) => RACE_CODES.has((error as { code?: string }).code ?? '') };
      await pRetry(() => instance.createQueue(CHUNK_QUEUE, options), settle);
      // A queue made by an older version keeps its options otherwise.
      await pRetry(() => instance.updateQueue(CHUNK_QUEUE, options), settle);
      return instance;
    })();
    boss.catch(() => bosses.delete(url));
    bosses.set(url, boss);
  }
  return boss;
}

/**
 * A lease on a chunk job while this worker is on it, however slow the chunk: pg-boss 10 has no
 * heartbeat of its own, so the job's start time is moved forward three times per lease period,
 * and failSilentJobs gives the chunk of a silent (dead) worker to another. Without it a chunk
 * slower than a fixed expiry was handed to a second worker and judged twice. Returns the stop.
 */
export function keepJobAlive(boss: PgBoss, job: { id: string; name: string }, leaseSeconds: number): () => void {
  const everyMs = Math.max(500, Math.min(60_000, (leaseSeconds * 1000) / 3));
  const timer = setInterval(() => {
    boss
      .getDb()
      .executeSql(`UPDATE pgboss.job SET started_on = now() WHERE name = $1 AND id = $2 AND state = 'active'`, [job.name, job.id])
      .catch((error: Error) => console.error(`pg-boss: could not keep job ${job.id} alive: ${error.message}`));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Fails the active chunk jobs whose worker stopped renewing its lease (killed, frozen, cut off),
 * so pg-boss retries them on a live worker; every worker runs this now and then. Returns how many.
 */
export async function failSilentJobs(boss: PgBoss, leaseSeconds: number, queue: string = CHUNK_QUEUE): Promise<number> {
  const { rows } = await boss
    .getDb()
    .executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active' AND started_on < now() - make_interval(secs => $2)`, [queue, leaseSeconds]);
  const ids = rows.map((r: { id: string }) => r.id);
  const why = { message: `its worker was silent for more than ${leaseSeconds} s (TURNWISE_CHUNK_EXPIRE_SECONDS)` };
  for (const id of ids) await boss.fail(queue, id, why);
  return ids.length;
}

/** Stops this process's pg-boss on `url`, letting jobs in progress finish (tests, worker shutdown). */
export async function stopBoss(url: string): Promise<void> {
  const boss = globalForBoss.turnwiseBoss?.get(url);
  if (!boss) return;
  globalForBoss.turnwiseBoss?.delete(url);
  await (await boss).stop({ graceful: true, wait: true, timeout: 30_000 });
}

/**
 * Puts a run on the queue as one job per chunk of TURNWISE_RUN_CHUNK_SIZE conversations.
 * `round` tells a later pass over the same run (a re-run of its errored results) from the first.
 */
export async function enqueueRunChunks(
  url: string,
  run: { id: string; conversations: number; round?: string },
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const boss = await getBoss(url, env);
  const ranges = chunkRanges(run.conversations, envNumber(env, 'TURNWISE_RUN_CHUNK_SIZE', DEFAULT_CHUNK_SIZE));
  await boss.insert(
    ranges.map((range) => ({
      name: CHUNK_QUEUE,
      data: { runId: run.id, ...range } satisfies ChunkJob,
      singletonKey: `${run.id}:${range.from}${run.round ? `:${run.round}` : ''}`,
    })),
  );
  return ranges.length;
}
